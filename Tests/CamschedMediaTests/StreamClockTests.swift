@testable import CamschedMedia
import Testing

/// A live stream's packets get capture times from the stream's own timestamps, not from when
/// network jitter let them arrive.
@Suite struct StreamClockTests {
    static let frame: Int64 = 33_333_333

    @Test func jitterDoesNotReachTheCaptureTimes() {
        var clock = StreamClock()
        // Frames stamped exactly 1/30 s apart, arriving 2-14 ms after they were taken.
        let delays: [Int64] = Array(repeating: [9, 2, 14, 5, 11, 3, 8, 13, 2, 6], count: 10).flatMap { $0 }.map { $0 * 1_000_000 }
        let base: Int64 = 50_000_000_000
        let arrivals = delays.indices.map { base + Int64($0) * Self.frame + delays[$0] }
        let times = delays.indices.map { clock.captured(stream: Int64($0) * Self.frame, arrived: arrivals[$0]) }
        // Where arrival times were up to 12 ms off, the gaps are the stream's within 1 %: the
        // offset moves from the first delay (9 ms) to the least (2 ms) by a third of a
        // millisecond a frame, and then only grows by its allowed 0.2 ms a second.
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - Self.frame) <= Self.frame / 100 }, "\(gaps)")
        // Meanwhile a frame may be stamped after its arrival, by at most what the first delay
        // was too large (7 ms); once the offset has come down, never. (It comes down only on
        // the frames quicker than it, three in ten once it is under 5 ms: by frame 80.)
        for (index, time) in times.enumerated() {
            #expect(time - arrivals[index] <= 7_000_000)
            #expect(index < 80 || time <= arrivals[index], "frame \(index): \(time - arrivals[index]) ns after its arrival")
        }
    }

    @Test func aQuickerPacketIsCaughtUpWithoutAStep() {
        var clock = StreamClock()
        // 10 fps. The first frame was held 2.2 ms by a busy moment; the others come 1 ms after
        // they were taken. Setting the offset at once would have put the second frame 2.2 ms
        // early (a gap of 97.8 ms in the file); it comes down 1 ms a frame instead.
        let interval: Int64 = 100_000_000
        let delays: [Int64] = [3_200_000] + Array(repeating: 1_000_000, count: 20)
        let times = delays.indices.map { clock.captured(stream: Int64($0) * interval, arrived: 7_000_000_000 + Int64($0) * interval + delays[$0]) }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - interval) <= interval / 100 }, "\(gaps)")
        #expect(times.last == 7_000_000_000 + 20 * interval + 1_000_000, "on the least delay once caught up")
    }

    @Test func aFirstPacketHeldByAStallIsNotFollowedForLong() {
        var clock = StreamClock()
        // The first frame waited 300 ms behind a stall: the next, 2 ms after it was taken, sets
        // the clock at once rather than be stamped 298 ms after its arrival for half a minute.
        #expect(clock.captured(stream: 0, arrived: 1_300_000_000) == 1_300_000_000)
        #expect(clock.captured(stream: Self.frame, arrived: 1_002_000_000 + Self.frame) == 1_002_000_000 + Self.frame)
    }

    @Test func aSlowerServerClockIsFollowedWithoutAJump() {
        var clock = StreamClock()
        // The server's clock runs 100 ppm slow: each frame arrives a little later relative to it.
        var previous: Int64?
        for n in 0..<(30 * 600) {
            let stream = Int64(n) * Self.frame
            let arrived = 1_000_000_000 + stream + stream / 10_000 + 3_000_000
            let time = clock.captured(stream: stream, arrived: arrived)
            #expect(time <= arrived)
            if let previous { #expect(abs(time - previous - Self.frame) < 100_000, "frame \(n): gap \(time - previous)") }
            previous = time
        }
    }

    @Test func aServerThatStartedOverStartsTheClockOver() {
        var clock = StreamClock()
        #expect(clock.captured(stream: 90 * Self.frame, arrived: 10_000_000_000) == 10_000_000_000)
        #expect(abs(clock.captured(stream: 91 * Self.frame, arrived: 10_040_000_000) - (10_000_000_000 + Self.frame)) < 10_000)
        // The server restarted: its timestamps begin at 0 again.
        #expect(clock.captured(stream: 0, arrived: 20_000_000_000) == 20_000_000_000)
        #expect(abs(clock.captured(stream: Self.frame, arrived: 20_035_000_000) - (20_000_000_000 + Self.frame)) < 10_000)
    }

    @Test func packetsHeldBackAreStampedByTheFirstLiveOne() {
        // The probe held the first 15 frames, which came out within a millisecond at 5.5 s; the
        // reader sets the clock with the first live frame (taken 0.5 s in, arrived 3 ms later),
        // then stamps the held ones.
        var clock = StreamClock()
        let live = clock.captured(stream: 15 * Self.frame, arrived: 5_000_000_000 + 15 * Self.frame + 3_000_000)
        let held = (0..<15).map { clock.captured(stream: Int64($0) * Self.frame, arrived: 5_500_000_000 + Int64($0) * 50_000) }
        let times = held + [live]
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - Self.frame) < 100_000 }, "\(gaps)")
        // The next live frame comes 2 ms quicker: one frame of stream time passed since the first
        // live one (the held ones went back), so its gap is at most 1 % short.
        let next = clock.captured(stream: 16 * Self.frame, arrived: 5_000_000_000 + 16 * Self.frame + 1_000_000)
        #expect(abs(next - live - Self.frame) <= Self.frame / 100, "gap \(next - live)")
    }

    @Test func aStreamWithoutTimestampsKeepsArrivalTimes() {
        var clock = StreamClock()
        #expect(clock.captured(stream: nil, arrived: 7) == 7)
        #expect(clock.captured(stream: nil, arrived: 9) == 9)
    }
}

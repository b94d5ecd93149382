@testable import CamschedMedia
import Testing

/// A live stream's packets get capture times from the stream's own timestamps, not from when
/// network jitter let them arrive.
@Suite struct StreamClockTests {
    static let frame: Int64 = 33_333_333

    @Test func jitterDoesNotReachTheCaptureTimes() {
        var clock = StreamClock()
        // Frames stamped exactly 1/30 s apart, arriving 2-14 ms after they were taken.
        let delays: [Int64] = [9, 2, 14, 5, 11, 3, 8, 13, 2, 6].map { $0 * 1_000_000 }
        let base: Int64 = 50_000_000_000
        let times = delays.indices.map { clock.captured(stream: Int64($0) * Self.frame, arrived: base + Int64($0) * Self.frame + delays[$0]) }
        // From the second frame on (the least delay so far, 2 ms, is the offset), the gaps are
        // exact but for the offset's allowed growth (0.2 ms a second, given back when the least
        // delay comes again): within 0.1 ms, where arrival times were up to 12 ms off.
        let gaps = zip(times.dropFirst(1), times.dropFirst(2)).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - Self.frame) < 100_000 }, "\(gaps)")
        for (index, time) in times.enumerated() {
            #expect(time <= base + Int64(index) * Self.frame + delays[index], "never after its arrival")
        }
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
    }

    @Test func aStreamWithoutTimestampsKeepsArrivalTimes() {
        var clock = StreamClock()
        #expect(clock.captured(stream: nil, arrived: 7) == 7)
        #expect(clock.captured(stream: nil, arrived: 9) == 9)
    }
}

import CamschedCore
import Testing
@testable import CamschedMedia

/// The sound's timeline: chunks placed by their capture times on one unbroken run of samples —
/// a late chunk after silence exactly as long as the gap (recorded), an early one without its
/// overlapping start, jitter within the tolerance left alone.
@Suite struct AudioSampleTimelineTests {
    static let format = AudioFormat(rate: 48_000, channels: 2)

    /// A chunk of `frames` sample frames starting at sample frame `at` of a clock whose 0 is 5 s.
    static func chunk(at frame: Int64, frames: Int, value: Int16 = 7, shift: Int64 = 0) -> AudioChunk {
        AudioChunk(samples: [Int16](repeating: value, count: frames * 2), rate: 48_000, channels: 2,
                   timestampNanoseconds: 5_000_000_000 + frame * 1_000_000_000 / 48_000 + shift)
    }

    @Test func chunksThatFollowEachOtherAreTakenAsTheyAre() {
        var timeline = AudioSampleTimeline(format: Self.format)
        var placed = 0
        for index in 0..<100 { placed += timeline.place(Self.chunk(at: Int64(index) * 960, frames: 960)).count }
        #expect(placed == 100 * 960 * 2)
        #expect(timeline.frames == 96_000 && timeline.gaps.isEmpty && timeline.trimmedFrames == 0)
        #expect(timeline.nanoseconds(ofFrame: 48_000) == 6_000_000_000)
    }

    @Test func jitterWithinTheToleranceIsLeftAlone() {
        var timeline = AudioSampleTimeline(format: Self.format)
        _ = timeline.place(Self.chunk(at: 0, frames: 960))
        // 39 ms late, then on time again: 1 872 frames of jitter is under the 40 ms (1 920 frames) tolerance.
        #expect(timeline.place(Self.chunk(at: 960 + 1_872, frames: 960)).count == 960 * 2)
        #expect(timeline.place(Self.chunk(at: 2 * 960, frames: 960, shift: -30_000_000)).count == 960 * 2)
        #expect(timeline.frames == 3 * 960 && timeline.gaps.isEmpty)
    }

    @Test func aLateChunkFollowsSilenceAsLongAsTheGap() {
        var timeline = AudioSampleTimeline(format: Self.format)
        _ = timeline.place(Self.chunk(at: 0, frames: 960))
        // The device gave nothing for 1.5 s: 72 000 frames of silence, then the chunk.
        let placed = timeline.place(Self.chunk(at: 960 + 72_000, frames: 960))
        #expect(placed.count == (72_000 + 960) * 2)
        #expect(placed.prefix(72_000 * 2).allSatisfy { $0 == 0 } && placed.suffix(960 * 2).allSatisfy { $0 == 7 })
        #expect(timeline.frames == 960 + 72_000 + 960)
        #expect(timeline.gaps == [.init(startNanoseconds: 5_020_000_000, durationNanoseconds: 1_500_000_000)])
    }

    @Test func anEarlyChunkLosesItsOverlappingStart() {
        var timeline = AudioSampleTimeline(format: Self.format)
        _ = timeline.place(Self.chunk(at: 0, frames: 9_600))
        // Starts 100 ms (4 800 frames) before the run's end: only its last 4 800 frames are new.
        let placed = timeline.place(Self.chunk(at: 4_800, frames: 9_600, value: 3))
        #expect(placed.count == 4_800 * 2 && placed.allSatisfy { $0 == 3 })
        #expect(timeline.trimmedFrames == 4_800 && timeline.frames == 14_400)
        // A chunk wholly inside what was placed adds nothing.
        #expect(timeline.place(Self.chunk(at: 0, frames: 960)).isEmpty)
        #expect(timeline.frames == 14_400 && timeline.trimmedFrames == 4_800 + 960)
    }
}

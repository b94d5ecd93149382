@testable import CamschedCapture
import Testing

/// Lost frames from the delivered frames' numbers; right after a rate change only what the
/// timestamps confirm at the slower rate (vivid resyncs its counter on a rate change).
@Suite struct DeliveredSequenceTests {
    static let period: Int64 = 33_333_333

    @Test func gapsWithTheirPauseAreLostFramesExactly() {
        var sequence = DeliveredSequence(fps: 30)
        for n: UInt32 in [10, 11, 12, 15, 16, 20] { sequence.record(n, timestampNanoseconds: Int64(n) * Self.period) }
        #expect(sequence.dropped == 5, "13, 14 and 17–19")
        #expect(sequence.first == 10 && sequence.last == 20)
    }

    @Test func aRestartedNumberingIsNoLossAndJitterDoesNotHideOne() {
        var sequence = DeliveredSequence(fps: 30)
        sequence.record(5, timestampNanoseconds: 0)
        sequence.record(0, timestampNanoseconds: Self.period)
        sequence.record(1, timestampNanoseconds: 2 * Self.period)
        #expect(sequence.dropped == 0)
        // Away from a rate change the driver's numbers are trusted: a frame filled late and
        // the next one early (an emulated guest) still shows the one lost between.
        sequence.record(3, timestampNanoseconds: 3 * Self.period + Self.period / 3)
        #expect(sequence.dropped == 1)
    }

    @Test func aRepeatedNumberIsNoLossAndTheNextGapStillCounts() {
        // vivid repeats a number when filling a buffer outlasts the time left to the next frame.
        var sequence = DeliveredSequence(fps: 30)
        sequence.record(0, timestampNanoseconds: 0)
        sequence.record(0, timestampNanoseconds: Self.period)
        #expect(sequence.dropped == 0)
        sequence.record(2, timestampNanoseconds: 2 * Self.period)
        #expect(sequence.dropped == 1)
        #expect(sequence.first == 0 && sequence.last == 2)
    }

    @Test func aRateChangeIsMeasuredAtTheSlowerRateWhileTheCameraSettles() {
        var sequence = DeliveredSequence(fps: 30)
        sequence.record(0, timestampNanoseconds: 0)
        sequence.record(1, timestampNanoseconds: Self.period)
        #expect(sequence.rateChanging(to: 5) == 30)
        // The driver renumbers at the change: one number skipped, the frame 200 ms later.
        sequence.record(3, timestampNanoseconds: Self.period + 200_000_000)
        sequence.record(4, timestampNanoseconds: Self.period + 400_000_000)
        #expect(sequence.dropped == 0)
        // At 5 fps a frame lost: 400 ms between two frames.
        sequence.record(6, timestampNanoseconds: Self.period + 800_000_000)
        #expect(sequence.dropped == 1)
        sequence.rateChanging(to: 30)
        sequence.record(8, timestampNanoseconds: Self.period + 1_000_000_000)
        #expect(sequence.dropped == 1, "back at 30 fps, the last slow frame and a renumbering")
    }

    @Test func onlyTheLostFramesDueWhenFramesWereWantedCount() {
        var sequence = DeliveredSequence(fps: 30)
        sequence.record(0, timestampNanoseconds: 0)
        // Nobody wanted frames before frame 3's time: the two lost (1, 2) are no loss.
        #expect(sequence.record(3, timestampNanoseconds: 3 * Self.period, wantedFrom: 3 * Self.period) == 0)
        #expect(sequence.record(5, timestampNanoseconds: 5 * Self.period, wantedFrom: .max) == 0)
        #expect(sequence.dropped == 0)
        // Wanted from frame 7's time on: of 6…9 lost, 7, 8 and 9 count.
        #expect(sequence.record(10, timestampNanoseconds: 10 * Self.period, wantedFrom: 7 * Self.period - 1_000) == 3)
        #expect(sequence.record(12, timestampNanoseconds: 12 * Self.period) == 1)
        #expect(sequence.dropped == 4)
    }
}

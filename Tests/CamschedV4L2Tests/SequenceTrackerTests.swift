import Testing
import CamschedV4L2

struct SequenceTrackerTests {
    @Test func continuousSequenceHasNoDrops() {
        var tracker = SequenceTracker()
        for sequence in UInt32(0)..<100 {
            let observation = tracker.record(sequence: sequence, timestampNanoseconds: Int64(sequence) * 33_333_333)
            #expect(observation.dropped == 0)
        }
        #expect(tracker.stats.frames == 100)
        #expect(tracker.stats.droppedFrames == 0)
        #expect(tracker.stats.firstSequence == 0)
        #expect(tracker.stats.lastSequence == 99)
        #expect(tracker.stats.meanFrameIntervalNanoseconds == 33_333_333)
    }

    @Test func gapsCountAsDroppedFrames() {
        var tracker = SequenceTracker()
        tracker.record(sequence: 10, timestampNanoseconds: 0)
        #expect(tracker.record(sequence: 11, timestampNanoseconds: 1).dropped == 0)
        #expect(tracker.record(sequence: 14, timestampNanoseconds: 4).dropped == 2)
        #expect(tracker.record(sequence: 20, timestampNanoseconds: 10).dropped == 5)
        #expect(tracker.stats.frames == 4)
        #expect(tracker.stats.droppedFrames == 7)
        #expect(abs(tracker.stats.dropRatio - 7.0 / 11.0) < 1e-12)
        // Drops do not lengthen the driver's frame period.
        #expect(tracker.stats.meanFrameIntervalNanoseconds == 1)
    }

    @Test func wrapOfTheThirtyTwoBitSequenceIsContinuous() {
        var tracker = SequenceTracker()
        tracker.record(sequence: UInt32.max - 1, timestampNanoseconds: 0)
        #expect(tracker.record(sequence: UInt32.max, timestampNanoseconds: 1).dropped == 0)
        #expect(tracker.record(sequence: 0, timestampNanoseconds: 2).dropped == 0)
        #expect(tracker.record(sequence: 2, timestampNanoseconds: 3).dropped == 1)
        #expect(tracker.stats.droppedFrames == 1)
        #expect(tracker.stats.sequenceRestarts == 0)
    }

    @Test func gapAcrossTheWrapCountsTheMissingFrames() {
        var tracker = SequenceTracker()
        tracker.record(sequence: UInt32.max - 2, timestampNanoseconds: 0)
        #expect(tracker.record(sequence: 1, timestampNanoseconds: 4).dropped == 3)
    }

    @Test func backwardsTimestampsAreFlagged() {
        var tracker = SequenceTracker()
        tracker.record(sequence: 0, timestampNanoseconds: 1_000)
        #expect(!tracker.record(sequence: 1, timestampNanoseconds: 2_000).timestampWentBackwards)
        #expect(tracker.record(sequence: 2, timestampNanoseconds: 1_500).timestampWentBackwards)
        #expect(!tracker.record(sequence: 3, timestampNanoseconds: 1_500).timestampWentBackwards)
        #expect(tracker.stats.backwardTimestamps == 1)
    }

    @Test func sequenceGoingBackIsARestartNotAHugeDrop() {
        var tracker = SequenceTracker()
        tracker.record(sequence: 500, timestampNanoseconds: 0)
        let observation = tracker.record(sequence: 3, timestampNanoseconds: 1)
        #expect(observation.sequenceRestarted)
        #expect(observation.dropped == 0)
        #expect(tracker.stats.sequenceRestarts == 1)
        #expect(tracker.stats.droppedFrames == 0)
    }

    @Test func aRepeatedNumberIsNeitherADropNorARestart() {
        var tracker = SequenceTracker()
        tracker.record(sequence: 0, timestampNanoseconds: 0)
        let repeated = tracker.record(sequence: 0, timestampNanoseconds: 33_000_000)
        #expect(!repeated.sequenceRestarted && repeated.dropped == 0)
        #expect(tracker.record(sequence: 2, timestampNanoseconds: 66_000_000).dropped == 1)
        #expect(tracker.stats.sequenceRestarts == 0)
        #expect(tracker.stats.droppedFrames == 1)
        #expect(tracker.stats.frames == 3)
    }

    @Test func errorFlaggedBuffersAreCounted() {
        var tracker = SequenceTracker()
        tracker.record(sequence: 0, timestampNanoseconds: 0)
        #expect(tracker.record(sequence: 1, timestampNanoseconds: 1, hasError: true).hasError)
        tracker.record(sequence: 2, timestampNanoseconds: 2)
        #expect(tracker.stats.errorFrames == 1)
        #expect(tracker.stats.frames == 3)
    }

    @Test func emptyAndSingleFrameStatsHaveNoInterval() {
        var tracker = SequenceTracker()
        #expect(tracker.stats.meanFrameIntervalNanoseconds == nil)
        #expect(tracker.stats.dropRatio == 0)
        tracker.record(sequence: 7, timestampNanoseconds: 7)
        #expect(tracker.stats.meanFrameIntervalNanoseconds == nil)
    }
}

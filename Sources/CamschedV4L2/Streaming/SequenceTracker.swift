/// Follows the sequence numbers and timestamps of dequeued buffers: counts gaps as dropped
/// frames (across the 32-bit wrap), error-flagged buffers, and timestamps that go backwards.
/// A pure value: feed it every buffer in the order they were dequeued.
package struct SequenceTracker: Hashable, Sendable {
    /// What one buffer showed.
    package struct Observation: Hashable, Sendable {
        /// Frames missing between the previous buffer and this one.
        package let dropped: Int
        /// The timestamp is earlier than the previous buffer's.
        package let timestampWentBackwards: Bool
        /// The sequence number went backwards (not a wrap): the stream restarted.
        package let sequenceRestarted: Bool
        package let hasError: Bool
    }

    /// The totals so far.
    package private(set) var stats = V4L2StreamStats()

    package init() {}

    /// Records one dequeued buffer.
    @discardableResult
    package mutating func record(sequence: UInt32, timestampNanoseconds: Int64, hasError: Bool = false) -> Observation {
        var dropped = 0
        var restarted = false
        var backwards = false
        if let last = stats.lastSequence {
            // Wrapping arithmetic: 0xFFFF_FFFF followed by 0 is continuous.
            // The same number again is neither a loss nor a restart: vivid repeats one when
            // filling a buffer takes longer than the time left to the next frame.
            let gap = sequence &- (last &+ 1)
            if gap < 0x8000_0000 {
                dropped = Int(gap)
            } else if sequence != last {
                restarted = true
            }
        } else {
            stats.firstSequence = sequence
            stats.firstTimestampNanoseconds = timestampNanoseconds
        }
        if let lastTimestamp = stats.lastTimestampNanoseconds, timestampNanoseconds < lastTimestamp {
            backwards = true
        }
        stats.frames += 1
        stats.droppedFrames += dropped
        if hasError { stats.errorFrames += 1 }
        if backwards { stats.backwardTimestamps += 1 }
        if restarted { stats.sequenceRestarts += 1 }
        stats.lastSequence = sequence
        stats.lastTimestampNanoseconds = timestampNanoseconds
        return Observation(dropped: dropped, timestampWentBackwards: backwards, sequenceRestarted: restarted, hasError: hasError)
    }

    /// Records a dequeued buffer.
    @discardableResult
    package mutating func record(_ buffer: V4L2DequeuedBuffer) -> Observation {
        record(sequence: buffer.sequence, timestampNanoseconds: buffer.timestampNanoseconds, hasError: buffer.hasError)
    }
}

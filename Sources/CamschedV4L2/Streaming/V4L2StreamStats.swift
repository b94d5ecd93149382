/// What a stream delivered so far: frames, frames the driver dropped (sequence gaps),
/// frames it flagged as corrupt, and timestamp anomalies.
package struct V4L2StreamStats: Hashable, Sendable, Codable {
    /// Frames received.
    package var frames: Int = 0
    /// Frames the driver skipped, counted from gaps in the sequence numbers.
    package var droppedFrames: Int = 0
    /// Frames received with `V4L2_BUF_FLAG_ERROR`.
    package var errorFrames: Int = 0
    /// Frames whose timestamp was earlier than the previous frame's.
    package var backwardTimestamps: Int = 0
    /// Times the sequence number jumped backwards (not a 32-bit wrap): a restarted stream.
    package var sequenceRestarts: Int = 0
    package var firstSequence: UInt32?
    package var lastSequence: UInt32?
    package var firstTimestampNanoseconds: Int64?
    package var lastTimestampNanoseconds: Int64?

    package init() {}

    /// The driver's mean frame period: time between the first and last frame divided by the
    /// sequence steps between them (received plus dropped), so drops do not lengthen it.
    package var meanFrameIntervalNanoseconds: Double? {
        guard let first = firstTimestampNanoseconds, let last = lastTimestampNanoseconds else { return nil }
        let steps = frames - 1 + droppedFrames
        guard steps > 0 else { return nil }
        return Double(last - first) / Double(steps)
    }

    /// Dropped frames as a share of all frames the driver produced (received plus dropped), 0…1.
    package var dropRatio: Double {
        let produced = frames + droppedFrames
        return produced == 0 ? 0 : Double(droppedFrames) / Double(produced)
    }
}

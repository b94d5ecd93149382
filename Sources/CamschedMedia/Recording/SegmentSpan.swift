import Foundation

/// The timing of one file of a recording: its frames, its span and the frames missing from it.
///
/// Every frame's gap to the one before is measured against the frame interval in force; each
/// whole interval beyond the first counts as a missing frame of the file the earlier frame
/// belongs to. So `frames + dropped` is always the file's span at the rate in force — whether
/// the driver lost a frame, the encoder was late, or the queue discarded one — less the frames
/// the throttle left out on purpose (``skip(timestamp:)``).
struct SegmentSpan {
    let index: Int
    let firstTimestamp: Int64
    private(set) var lastTimestamp: Int64
    private(set) var frames = 1
    private(set) var dropped = 0
    /// Where the span ends: the next file's first frame, or one interval after the last frame.
    private(set) var endTimestamp: Int64?

    init(index: Int, firstTimestamp: Int64) {
        self.index = index
        self.firstTimestamp = firstTimestamp
        lastTimestamp = firstTimestamp
    }

    /// Frames missing in a gap of `gap` ns at `interval` ns per frame.
    static func missing(gap: Int64, interval: Int64) -> Int {
        guard interval > 0, gap > interval else { return 0 }
        return max(0, Int((Double(gap) / Double(interval)).rounded()) - 1)
    }

    /// A frame of this file.
    mutating func add(timestamp: Int64, interval: Int64) {
        dropped += Self.missing(gap: timestamp - lastTimestamp, interval: interval)
        lastTimestamp = max(lastTimestamp, timestamp)
        frames += 1
    }

    /// A frame left out on purpose (a GOP the throttle did not keep): the gap to it is no loss.
    mutating func skip(timestamp: Int64) {
        lastTimestamp = max(lastTimestamp, timestamp)
    }

    /// The file ends where `next` (the next file's first frame) begins: the frames missing
    /// up to it are this file's.
    mutating func end(before next: Int64, interval: Int64) {
        dropped += Self.missing(gap: next - lastTimestamp, interval: interval)
        endTimestamp = next
    }

    /// The file ends at its last frame (camera lost, recording over).
    mutating func end(interval: Int64) {
        endTimestamp = lastTimestamp + interval
    }

    /// Frames per second over the span.
    var measuredFPS: Double {
        let span = Double((endTimestamp ?? lastTimestamp) - firstTimestamp) / 1e9
        return span > 0 ? Double(frames) / span : 0
    }
}

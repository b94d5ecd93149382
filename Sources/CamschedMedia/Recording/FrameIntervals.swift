/// The frame interval in force for a recorder, as its frames see it and as their packets do.
///
/// A rate change (the throttle, or its recovery) applies from the next frame appended; packets
/// leave the encoder a few frames later, so each packet is measured against the interval of
/// its own frame — a gap between two frames of the old rate is never counted against the new
/// one (which would make frames taken at 10 fps look like drops once 30 fps is back).
struct FrameIntervals {
    /// The interval for frames appended from now on (boundaries, their half-frame slack).
    private(set) var latest: Int64
    /// The interval of the frame whose packet was routed last (spans, their ends).
    private(set) var ofPackets: Int64
    private var pending: Int64?
    private var changes: [(from: Int64, interval: Int64)] = []

    init(fps: Double) {
        latest = Self.nanoseconds(fps: max(fps, 0.001))
        ofPackets = latest
    }

    /// The rate in force changes: from the next frame on.
    mutating func change(fps: Double) {
        guard fps > 0, fps.isFinite else { return }
        pending = Self.nanoseconds(fps: fps)
    }

    /// A frame captured at `time` is appended: a pending change starts with it.
    mutating func frame(at time: Int64) {
        guard let pending else { return }
        self.pending = nil
        latest = pending
        changes.append((time, pending))
    }

    /// The interval of the frame captured at `time`, whose packet is being routed.
    mutating func packet(at time: Int64) -> Int64 {
        while let next = changes.first, next.from <= time {
            ofPackets = next.interval
            changes.removeFirst()
        }
        return ofPackets
    }

    private static func nanoseconds(fps: Double) -> Int64 { Int64(1e9 / fps) }
}

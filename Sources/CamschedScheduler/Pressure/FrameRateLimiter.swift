/// Drops frames evenly so that at most `fps` frames per second pass, by their capture
/// timestamps — used when the camera cannot change its rate while streaming.
package struct FrameRateLimiter: Sendable {
    package private(set) var fps: Double?
    private var nextDue: Int64?
    private var interval: Int64 = 0

    /// `fps` nil lets every frame through.
    package init(fps: Double? = nil) { set(fps: fps) }

    package mutating func set(fps: Double?) {
        self.fps = fps
        interval = fps.map { Int64(1e9 / $0) } ?? 0
        nextDue = nil
    }

    /// Whether the frame stamped `timestamp` (ns) should be kept.
    package mutating func admit(timestamp: Int64) -> Bool {
        guard fps != nil else { return true }
        // Half a millisecond of slack absorbs jitter in the camera's own timestamps.
        let slack: Int64 = 500_000
        guard let due = nextDue else {
            nextDue = timestamp + interval
            return true
        }
        if timestamp + slack < due { return false }
        // Stay on the grid unless we fell more than one interval behind.
        nextDue = timestamp - due > interval ? timestamp + interval : due + interval
        return true
    }
}

/// Lowers the rate of a copied H.264 stream by leaving out whole GOPs — a keyframe and every
/// frame that depends on it — so that what is kept still decodes: the answer to pressure when
/// the camera cannot lower its own rate (a network camera) and frames of a copy cannot be
/// dropped one by one. Kept GOPs keep their full rate; over time about `fps` of every
/// `requested` frames pass.
struct GOPRateLimiter {
    /// The rate to come down to; nil: every frame passes (from the next keyframe on, once GOPs
    /// were being left out).
    private(set) var fps: Double?
    private var requested: Double = 30
    private var keeping = true
    /// The keyframe time of the GOP being kept.
    private var keptSince: Int64?
    /// The first keyframe time that may start the next kept GOP.
    private var nextDue: Int64?

    /// Whether a frame's fate depends on where the keyframes are: a rate is in force, or the
    /// GOP being left out has not ended yet.
    var isLimiting: Bool { (fps.map { $0 < requested } ?? false) || !keeping }

    mutating func set(fps: Double?, requested: Double) {
        self.fps = fps
        self.requested = max(requested, 0.001)
        nextDue = nil
        keptSince = nil
    }

    /// Whether the frame captured at `timestamp` is kept.
    mutating func admit(timestamp: Int64, isKeyframe: Bool) -> Bool {
        guard isKeyframe else { return keeping }
        guard let fps, fps < requested else {
            keeping = true
            return true
        }
        if keeping, let start = keptSince {
            // The GOP that just ended lasted `timestamp - start`: the next may start after
            // that much time again for each `requested / fps`.
            nextDue = start + Int64(Double(timestamp - start) * requested / fps)
        }
        // Half a frame of slack absorbs jitter in the stream's timestamps.
        let slack = Int64(5e8 / requested)
        keeping = nextDue.map { timestamp + slack >= $0 } ?? true
        if keeping { keptSince = timestamp }
        return keeping
    }
}

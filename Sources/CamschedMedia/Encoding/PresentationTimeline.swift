/// The presentation timestamps of a stream's frames, from their capture times: 1/90 000 s
/// (``VideoEncoder/timeBase``) counted from `origin`, the capture time that is PTS 0 (the first
/// frame's unless given). A frame whose time does not increase is moved one tick after the
/// previous one, and says so — what an encoded and a copied stream alike need, since a muxer
/// refuses timestamps that do not increase.
struct PresentationTimeline {
    private(set) var origin: Int64?
    private var lastPts: Int64 = -1

    init(origin: Int64? = nil) { self.origin = origin }

    /// The PTS of the frame captured at `nanoseconds`, and whether it was moved on.
    mutating func pts(capturedAt nanoseconds: Int64) -> (pts: Int64, adjusted: Bool) {
        let origin = self.origin ?? nanoseconds
        self.origin = origin
        var pts = VideoEncoder.pts(nanoseconds: nanoseconds, origin: origin)
        let adjusted = pts <= lastPts
        if adjusted { pts = lastPts + 1 }
        lastPts = pts
        return (pts, adjusted)
    }
}

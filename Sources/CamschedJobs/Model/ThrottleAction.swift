/// What a recording does when system pressure reaches `shutdown`.
package enum ThrottleAction: Sendable, Equatable {
    /// Finalise the recording and stop the job with exit code 1.
    case stop
    /// Keep recording at no more than this many frames per second.
    case limit(fps: Double)
}

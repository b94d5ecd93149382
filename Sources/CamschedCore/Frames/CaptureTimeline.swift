import Foundation

/// Where capture time (a frame's monotonic `timestampNanoseconds`) falls on the wall clock:
/// anchored at one instant known on both clocks, every other capture time is that wall time
/// plus the monotonic distance. The one place camsched converts between the two, for every
/// mode: a recording's and a clip's files are anchored at their stream's first frame, a burst
/// at its first still, a time-lapse at its grid's start, stills during a recording at the
/// recording's first frame. Anchoring once and measuring on the monotonic clock keeps a run's
/// times consistent when the wall clock is stepped (NTP, a user) mid-run.
package struct CaptureTimeline: Sendable, Equatable {
    /// The anchor's capture time (monotonic nanoseconds).
    package let anchorNanoseconds: Int64
    /// The anchor's wall-clock time.
    package let anchorWall: Date

    package init(anchorNanoseconds: Int64, wall: Date) {
        self.anchorNanoseconds = anchorNanoseconds
        anchorWall = wall
    }

    /// Anchored at a frame: its capture time is its wall-clock time.
    package init(anchoredAt frame: VideoFrame) {
        self.init(anchorNanoseconds: frame.timestampNanoseconds, wall: frame.wallClock)
    }

    /// The wall-clock time of capture time `nanoseconds`.
    package func wall(_ nanoseconds: Int64) -> Date {
        anchorWall.addingTimeInterval(Double(nanoseconds - anchorNanoseconds) / 1e9)
    }

    /// The wall-clock time `nanoseconds` after the anchor.
    package func wall(elapsed nanoseconds: Int64) -> Date { wall(anchorNanoseconds + nanoseconds) }
}

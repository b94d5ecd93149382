import CamschedCore
import Foundation

/// How long the daemon waits before it starts a job that runs always again after its run
/// ended: 2 s after a run that lasted a minute or more (a fault in a long recording: back at
/// once), doubling after each run shorter than that (a camera that fails at every start is
/// not reopened in a tight loop), at most 5 minutes.
struct RestartDelay: Sendable {
    static let first: TimeInterval = 2
    static let longest: TimeInterval = 300
    /// A run at least this long counts as having worked: the delay starts again from ``first``.
    static let healthyRun: TimeInterval = 60

    private var backoff = Backoff(first: .seconds(RestartDelay.first), longest: .seconds(RestartDelay.longest))

    /// The wait after a run that lasted `seconds`.
    mutating func next(afterRunOf seconds: TimeInterval) -> TimeInterval {
        if seconds >= Self.healthyRun { backoff.reset() }
        return backoff.nextSeconds()
    }

    /// `2 s`, `1m4s`: as logged.
    static func text(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60)m\(whole % 60 == 0 ? "" : "\(whole % 60)s")"
    }
}

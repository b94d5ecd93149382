import CamschedCore

/// How a hook ended.
package struct HookOutcome: Sendable, Equatable {
    /// How the process ended.
    package enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (after a timeout: `SIGTERM` or `SIGKILL`).
        case signalled(Int32)
        /// It could not be started (`errno` from `posix_spawn`).
        case failedToStart(errno: Int32)
    }

    /// The command.
    package var command: HookCommand
    /// The event it ran for.
    package var event: HookEvent
    /// Its process id (0 if it did not start).
    package var pid: Int32
    /// How it ended.
    package var termination: Termination
    /// Whether it ran past its timeout and was killed.
    package var timedOut: Bool

    /// `true` when it exited with status 0 in time.
    package var succeeded: Bool { termination == .exited(0) && !timedOut }
}

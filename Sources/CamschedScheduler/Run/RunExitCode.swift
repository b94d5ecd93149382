/// camsched's exit codes (SPEC section 2).
package enum RunExitCode: Int32, Sendable {
    /// The job did everything it was asked.
    case success = 0
    /// The job started but failed at run time (after filing all it could).
    case runtimeFailure = 1
    /// Invalid input: usage, job file, or option — nothing was captured.
    case invalidInput = 2
    /// Camera unavailable: missing, busy, or no permission.
    case cameraUnavailable = 3
    /// `--lock fail` and the device is held by another camsched.
    case lockHeld = 75
    /// Stopped by SIGHUP (`run` only: a terminal or ssh session that went away) after
    /// finalising every open file, exactly as for SIGTERM; 128 + 1 as for the other signals.
    case hungUp = 129
    /// Stopped by SIGINT after finalising every open file.
    case interrupted = 130
    /// Stopped by SIGTERM after finalising every open file.
    case terminated = 143
}

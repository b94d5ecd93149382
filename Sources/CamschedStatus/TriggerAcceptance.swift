/// What an external trigger (`POST /api/jobs/NAME/trigger`) did.
public enum TriggerAcceptance: Sendable, Equatable {
    /// The running trigger job took the event (202).
    case accepted
    /// The job exists but is not a `trigger` job, or does not take external events (409).
    case notATriggerJob
    /// The trigger job is not running now (409).
    case notRunning
    /// No job of that name (404).
    case unknownJob
}

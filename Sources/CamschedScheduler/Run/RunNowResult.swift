/// What asking the daemon to run a job now did.
package enum RunNowResult: Sendable, Equatable {
    /// Started, under this run id.
    case started(runID: String)
    /// The job runs already (a job never overlaps itself).
    case running
    /// No job of that name is scheduled.
    case unknownJob
}

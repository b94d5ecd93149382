/// What a job captures: exactly one of an interval (time-lapse), a burst, a recording or
/// triggered clips.
package enum CaptureSpec: Sendable, Equatable {
    case interval(IntervalSpec)
    case burst(BurstSpec)
    case record(RecordSpec)
    /// Clips around motion or external events, each with a pre-roll.
    case trigger(TriggerSpec)

    /// The kind of capture: what `start`'s `kind` and the status page's job say.
    package var kind: CaptureKind {
        switch self {
        case .interval: .interval
        case .burst: .burst
        case .record: .record
        case .trigger: .trigger
        }
    }
}

/// The kind of a job's capture, named by its key in the job file.
package enum CaptureKind: String, Sendable, CaseIterable {
    case interval, burst, record, trigger
}

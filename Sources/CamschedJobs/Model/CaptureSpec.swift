/// What a job captures: exactly one of an interval (time-lapse), a burst, a recording or
/// triggered clips.
public enum CaptureSpec: Sendable, Equatable {
    case interval(IntervalSpec)
    case burst(BurstSpec)
    case record(RecordSpec)
    /// Clips around motion or external events, each with a pre-roll.
    case trigger(TriggerSpec)

    /// The JSON key of the kind: `interval`, `burst`, `record` or `trigger`.
    public var kindName: String {
        switch self {
        case .interval: "interval"
        case .burst: "burst"
        case .record: "record"
        case .trigger: "trigger"
        }
    }
}

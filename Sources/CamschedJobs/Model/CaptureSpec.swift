/// What a job captures: exactly one of an interval (time-lapse), a burst or a recording.
public enum CaptureSpec: Sendable, Equatable {
    case interval(IntervalSpec)
    case burst(BurstSpec)
    case record(RecordSpec)

    /// The JSON key of the kind: `interval`, `burst` or `record`.
    public var kindName: String {
        switch self {
        case .interval: "interval"
        case .burst: "burst"
        case .record: "record"
        }
    }
}

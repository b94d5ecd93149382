import CamschedCore

/// How much of a job's output to keep: the job file's `retention` (every limit optional).
public typealias RetentionPolicy = RetentionSpec

extension RetentionSpec {
    /// `true` when the policy sets no limit.
    public var isEmpty: Bool { !isEnabled }
}

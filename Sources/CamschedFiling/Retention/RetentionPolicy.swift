import CamschedCore

/// How much of a job's output to keep: the job file's `retention` (every limit optional).
package typealias RetentionPolicy = RetentionSpec

extension RetentionSpec {
    /// `true` when the policy sets no limit.
    package var isEmpty: Bool { !isEnabled }
}

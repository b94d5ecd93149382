/// How much of a job's output to keep (the job file's `retention`). Every limit is optional.
public struct RetentionPolicy: Sendable, Equatable {
    /// Files whose capture started longer ago than this are deleted.
    public var maxAge: Duration?
    /// The job's files (not deleted, as catalogued) may take at most this many bytes.
    public var maxSize: Int64?
    /// The filesystem of the root must keep at least this many bytes free.
    public var minFree: Int64?

    /// Creates a policy; `nil` limits are not applied.
    public init(maxAge: Duration? = nil, maxSize: Int64? = nil, minFree: Int64? = nil) {
        self.maxAge = maxAge
        self.maxSize = maxSize
        self.minFree = minFree
    }

    /// `true` when the policy sets no limit.
    public var isEmpty: Bool { maxAge == nil && maxSize == nil && minFree == nil }
}

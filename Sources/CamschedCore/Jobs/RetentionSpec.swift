/// What retention deletes, oldest first, before each capture and after each segment.
public struct RetentionSpec: Sendable, Equatable {
    /// Delete files older than this.
    public var maxAge: Duration?
    /// Keep the job's files under `root` below this many bytes.
    public var maxSize: Int64?
    /// Keep at least this many bytes free on the output filesystem.
    public var minFree: Int64?

    /// Creates retention settings; all limits are off by default.
    public init(maxAge: Duration? = nil, maxSize: Int64? = nil, minFree: Int64? = nil) {
        self.maxAge = maxAge
        self.maxSize = maxSize
        self.minFree = minFree
    }

    /// Whether any limit is set.
    public var isEnabled: Bool { maxAge != nil || maxSize != nil || minFree != nil }
}

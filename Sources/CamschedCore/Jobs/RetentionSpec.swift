/// What retention deletes, oldest first, before each capture and after each segment.
package struct RetentionSpec: Sendable, Equatable {
    /// Delete files older than this.
    package var maxAge: Duration?
    /// Keep the job's files under `root` below this many bytes.
    package var maxSize: Int64?
    /// Keep at least this many bytes free on the output filesystem.
    package var minFree: Int64?

    /// Creates retention settings; all limits are off by default.
    package init(maxAge: Duration? = nil, maxSize: Int64? = nil, minFree: Int64? = nil) {
        self.maxAge = maxAge
        self.maxSize = maxSize
        self.minFree = minFree
    }

    /// Whether any limit is set.
    package var isEnabled: Bool { maxAge != nil || maxSize != nil || minFree != nil }
}

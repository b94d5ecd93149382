/// What one pass of ``PartialRecovery`` did. Paths are relative to the root.
public struct RecoveryReport: Sendable, Equatable {
    /// Files recovered and filed under their final names.
    public var recovered: [FiledLocation] = []
    /// Partial files nothing could be recovered from; they were deleted.
    public var discarded: [String] = []
    /// Partial files another process is writing; left alone.
    public var inUse: [String] = []
    /// `*.partial` entries camsched did not make (another user's or program's, links, no
    /// marker); logged and left alone.
    public var foreign: [String] = []
    /// Partial files whose recovery failed with an error; kept for another try.
    public var failed: [String: String] = [:]
    /// The root's regular files as the walk listed them, when the pass filed nothing (see
    /// ``PartialRecovery/runRemovingStaleIntermediates()``): what adopting files with sidecars
    /// can use instead of walking the root again. Nil otherwise.
    public var files: [String]?
}

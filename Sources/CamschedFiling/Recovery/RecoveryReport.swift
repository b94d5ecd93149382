/// What one pass of ``PartialRecovery`` did. Paths are relative to the root.
package struct RecoveryReport: Sendable, Equatable {
    /// Files recovered and filed under their final names.
    package var recovered: [FiledLocation] = []
    /// Partial files nothing could be recovered from; they were deleted.
    package var discarded: [String] = []
    /// Partial files another process is writing; left alone.
    package var inUse: [String] = []
    /// `*.partial` entries camsched did not make (another user's or program's, links, no
    /// marker); logged and left alone.
    package var foreign: [String] = []
    /// Partial files whose recovery failed with an error; kept for another try.
    package var failed: [String: String] = [:]
    /// The root's regular files as the walk listed them, when the pass filed nothing (see
    /// ``PartialRecovery/runRemovingStaleIntermediates()``): what adopting files with sidecars
    /// can use instead of walking the root again. Nil otherwise.
    package var files: [String]?
}

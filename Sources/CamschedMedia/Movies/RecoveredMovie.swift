import Foundation

/// What was saved from a cut-off recording.
public struct RecoveredMovie: Sendable, Equatable {
    /// The clean file written.
    public let output: URL
    /// Video frames in it.
    public let frames: Int
    /// Its playing time in seconds.
    public let durationSeconds: Double
}

import Foundation

/// What was saved from a cut-off recording.
package struct RecoveredMovie: Sendable, Equatable {
    /// The clean file written.
    package let output: URL
    /// Video frames in it.
    package let frames: Int
    /// Its playing time in seconds.
    package let durationSeconds: Double
}

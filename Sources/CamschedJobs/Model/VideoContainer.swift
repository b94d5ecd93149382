/// The container of a recording.
package enum VideoContainer: String, Sendable, Equatable, CaseIterable {
    /// Fragmented MP4, so that a killed process leaves a playable file.
    case mp4
    /// Matroska.
    case mkv
}

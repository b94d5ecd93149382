/// What a filed file is (the sidecar's and template's `kind`).
package enum FileKind: String, Codable, Sendable, CaseIterable {
    /// One still of an interval capture (or a snapshot).
    case still
    /// One still of a burst.
    case burst
    /// One segment of a recording.
    case segment
    /// A video assembled from a run's stills.
    case timelapse
    /// A clip of a `trigger` job: the video around one event.
    case clip

    /// The kind a file most likely is, from its extension: videos are segments, images stills.
    package static func guess(fromExtension fileExtension: String) -> FileKind? {
        switch fileExtension.lowercased() {
        case "mp4", "mkv", "mov", "m4v", "webm", "avi": return .segment
        case "jpg", "jpeg", "png", "webp", "tif", "tiff": return .still
        default: return nil
        }
    }
}

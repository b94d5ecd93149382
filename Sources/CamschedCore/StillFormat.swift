/// The file format of a still (the job's `still.format`).
package enum StillFormat: String, Sendable, Codable, CaseIterable, Equatable {
    case jpeg, png, webp

    /// The file name extension, without the dot.
    package var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }

    /// The FFmpeg encoder that writes it.
    package var encoderName: String {
        switch self {
        case .jpeg: "mjpeg"
        case .png: "png"
        case .webp: "libwebp"
        }
    }
}

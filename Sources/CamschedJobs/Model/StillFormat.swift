/// The file format of stills.
public enum StillFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, webp

    /// The file name extension: `jpg`, `png`, `webp`.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }
}

import Foundation

/// One picture of a contact sheet: a still, or a frame of a video at an offset from its start.
public struct ContactSheetTile: Sendable, Equatable {
    /// Where the picture comes from.
    public enum Source: Sendable, Equatable {
        /// A still file (JPEG, PNG or WebP).
        case still(URL)
        /// The frame of a video shown `seconds` after its first frame.
        case video(URL, seconds: Double)
    }

    public var source: Source
    /// The file's path relative to the output root (the caption).
    public var file: String
    /// When the picture was captured.
    public var time: Date

    public init(source: Source, file: String, time: Date) {
        self.source = source
        self.file = file
        self.time = time
    }
}

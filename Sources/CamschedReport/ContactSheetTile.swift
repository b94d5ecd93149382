import Foundation

/// One picture of a contact sheet: a still, or a frame of a video at an offset from its start.
package struct ContactSheetTile: Sendable, Equatable {
    /// Where the picture comes from.
    package enum Source: Sendable, Equatable {
        /// A still file (JPEG, PNG or WebP).
        case still(URL)
        /// The frame of a video shown `seconds` after its first frame.
        case video(URL, seconds: Double)
    }

    package var source: Source
    /// The file's path relative to the output root (the caption).
    package var file: String
    /// When the picture was captured.
    package var time: Date

    package init(source: Source, file: String, time: Date) {
        self.source = source
        self.file = file
        self.time = time
    }
}

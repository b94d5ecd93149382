import CamschedCore
import Foundation

/// What a recover function salvaged from a partial file (see ``PartialRecovery``).
package struct RecoveredMedia: Sendable, Equatable {
    /// The playable file: the partial itself when it is usable as it is, or a new file the
    /// recover function wrote (a remux) in the same folder. Filing moves it to the final name.
    package var file: URL
    /// Frames in the recovered file, if known.
    package var frames: Int?
    /// Picture width, if known.
    package var width: Int?
    /// Picture height, if known.
    package var height: Int?
    /// The pixel format of the capture (FourCC), if known.
    package var pixelFormat: String?
    /// The codec (`h264`, `jpeg`), if known.
    package var codec: String?
    /// The playable duration, if known.
    package var duration: Duration?
    /// When the first frame was captured, if the file says so.
    package var startedAt: Date?

    /// Describes a recovered file.
    package init(
        file: URL, frames: Int? = nil, width: Int? = nil, height: Int? = nil, pixelFormat: String? = nil,
        codec: String? = nil, duration: Duration? = nil, startedAt: Date? = nil
    ) {
        self.file = file
        self.frames = frames
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.codec = codec
        self.duration = duration
        self.startedAt = startedAt
    }
}

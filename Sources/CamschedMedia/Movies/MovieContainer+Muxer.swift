import CamschedCore

extension MovieContainer {
    /// The libavformat muxer name.
    package var formatName: String {
        switch self {
        case .mp4: "mp4"
        case .mkv: "matroska"
        }
    }
}

import CamschedCore
import Foundation

extension MovieRecorder {
    /// How a recorder encodes (or copies) and cuts: the settings, the container, the frames'
    /// format and the sensor's mounting, the files' tags, and the cut policy.
    package struct Configuration: Sendable {
        package var settings: VideoEncoderSettings
        package var container: MovieContainer
        package var inputFormat: FourCC
        package var rotation: Int
        package var mirror: Bool
        package var metadata: MovieMetadata
        package var cuts: CutPolicy
        /// Longest MP4 fragment / MKV cluster, seconds: what a kill or a full disk can cost.
        package var fragmentDuration: Double
        /// Files the camera's own compressed frames as they are (``StreamCopier``) instead of
        /// encoding them (`codec: "copy"`); `settings` then give only the size and rate.
        package var copiesCameraStream = false
        /// Move each finished MP4's index to the front (`output.faststart`): one more pass.
        package var faststart = false
        /// The microphone's sound and how to encode it; nil: pictures only.
        package var sound: SoundSettings?

        package init(settings: VideoEncoderSettings, container: MovieContainer = .mp4, inputFormat: FourCC,
                    rotation: Int = 0, mirror: Bool = false, metadata: MovieMetadata = MovieMetadata(),
                    cuts: CutPolicy, fragmentDuration: Double = 0.5) {
            self.settings = settings
            self.container = container
            self.inputFormat = inputFormat
            self.rotation = rotation
            self.mirror = mirror
            self.metadata = metadata
            self.cuts = cuts
            self.fragmentDuration = fragmentDuration
        }
    }
}

extension MovieRecorder.Configuration {
    /// The recorder's packet source: the camera's own frames copied (``StreamCopier``), or
    /// an encoder opened for the settings (a hardware one first for `auto`).
    func openSource() throws -> any PacketSource {
        if copiesCameraStream {
            return try StreamCopier(inputFormat: inputFormat, width: settings.width, height: settings.height, fps: settings.fps)
        }
        return try PacketEncoder(settings: settings, inputFormat: inputFormat)
    }
}

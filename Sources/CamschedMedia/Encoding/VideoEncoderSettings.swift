import CamschedCore
/// How to encode a recording: the job's `record` keys plus the camera's size and rate.
package struct VideoEncoderSettings: Sendable, Equatable {
    /// The codec to produce.
    package var codec: VideoCodec
    /// `auto` (hardware when one opens, else software) or an FFmpeg encoder name.
    package var encoderName: String
    /// CRF-style quality on the codec's own scale (x264 0–51, lower is better); nil for the
    /// codec's default. For `mjpeg` it is the JPEG qscale (2–31).
    package var quality: Double?
    /// Target bit rate in bits per second; takes precedence over `quality` when set.
    package var bitrate: Int?
    /// The encoder's speed preset (`veryfast`, `p4`, an SVT-AV1 number…); nil for the default.
    package var preset: String?
    /// The nominal frame rate (frames per second).
    package var fps: Double
    /// Output size in pixels (even numbers for 4:2:0 codecs).
    package var width: Int
    package var height: Int
    /// Seconds between keyframes; clamped to 2 s so fragments and segments stay short.
    package var keyframeInterval: Double
    /// Each frame's packet out at once, nothing held for lookahead (x264's `zerolatency`):
    /// what a camera's own encoder does.
    package var zeroLatency = false

    package init(codec: VideoCodec = .h264, encoderName: String = "auto", quality: Double? = nil,
                bitrate: Int? = nil, preset: String? = nil, fps: Double, width: Int, height: Int,
                keyframeInterval: Double = 1) {
        self.codec = codec
        self.encoderName = encoderName
        self.quality = quality
        self.bitrate = bitrate
        self.preset = preset
        self.fps = fps
        self.width = width
        self.height = height
        self.keyframeInterval = keyframeInterval
    }

    /// Frames between keyframes: `keyframeInterval` (at most 2 s) at `fps`, at least 1.
    package var gopSize: Int {
        let seconds = min(max(keyframeInterval, 0), 2)
        return max(1, Int((seconds * fps).rounded(.down)))
    }
}

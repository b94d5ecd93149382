/// The encoder that wrote the file.
package struct SidecarEncoder: Codable, Sendable, Hashable {
    /// FFmpeg's encoder name (`libx264`, `h264_v4l2m2m`, `mjpeg`).
    package var name: String
    /// The codec (`h264`, `hevc`, `jpeg`).
    package var codec: String
    /// Quality (CRF-style, the codec's scale) when the job set one.
    package var quality: Double?
    /// Bit rate in bits per second when the job set one instead of quality.
    package var bitrate: Int64?
    /// The encoder preset, if any.
    package var preset: String?
    /// For `codec: "auto"`: why the recording was copied or encoded
    /// (`auto: the camera delivers MJPG 1920x1080 at 30 fps, and nothing needs pixels; copied`).
    package var reason: String?

    /// Describes an encoder.
    package init(name: String, codec: String, quality: Double? = nil, bitrate: Int64? = nil, preset: String? = nil,
                reason: String? = nil) {
        (self.name, self.codec, self.quality, self.bitrate, self.preset, self.reason) = (name, codec, quality, bitrate, preset, reason)
    }
}

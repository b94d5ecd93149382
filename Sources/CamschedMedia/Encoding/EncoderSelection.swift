internal import CFFmpegShim

/// Which encoder a recording uses and why the others were passed over.
package struct EncoderSelection: Sendable, Equatable {
    /// The FFmpeg encoder name, e.g. `libx264` or `h264_v4l2m2m`.
    package let name: String
    /// Whether it is a hardware encoder.
    package let isHardware: Bool
    /// The libav pixel format the encoder is fed.
    package let pixelFormatName: String
    /// Whether camera frames must be converted (libswscale) before encoding.
    package let convertsPixels: Bool
    /// Encoders tried before this one, in order, with the reason each failed.
    package let rejected: [EncoderAttempt]
    /// Options the encoder did not recognise (they had no effect).
    package let ignoredOptions: [String]

    package init(name: String, isHardware: Bool, pixelFormatName: String, convertsPixels: Bool,
                rejected: [EncoderAttempt], ignoredOptions: [String]) {
        self.name = name
        self.isHardware = isHardware
        self.pixelFormatName = pixelFormatName
        self.convertsPixels = convertsPixels
        self.rejected = rejected
        self.ignoredOptions = ignoredOptions
    }
}

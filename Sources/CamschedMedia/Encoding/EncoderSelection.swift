internal import CFFmpegShim

/// Which encoder a recording uses and why the others were passed over.
public struct EncoderSelection: Sendable, Equatable {
    /// The FFmpeg encoder name, e.g. `libx264` or `h264_v4l2m2m`.
    public let name: String
    /// Whether it is a hardware encoder.
    public let isHardware: Bool
    /// The libav pixel format the encoder is fed.
    public let pixelFormatName: String
    /// Whether camera frames must be converted (libswscale) before encoding.
    public let convertsPixels: Bool
    /// Encoders tried before this one, in order, with the reason each failed.
    public let rejected: [EncoderAttempt]
    /// Options the encoder did not recognise (they had no effect).
    public let ignoredOptions: [String]

    public init(name: String, isHardware: Bool, pixelFormatName: String, convertsPixels: Bool,
                rejected: [EncoderAttempt], ignoredOptions: [String]) {
        self.name = name
        self.isHardware = isHardware
        self.pixelFormatName = pixelFormatName
        self.convertsPixels = convertsPixels
        self.rejected = rejected
        self.ignoredOptions = ignoredOptions
    }
}

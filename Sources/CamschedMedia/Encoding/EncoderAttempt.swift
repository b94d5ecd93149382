/// One encoder that was tried and why it was not used.
public struct EncoderAttempt: Sendable, Equatable, CustomStringConvertible {
    /// The FFmpeg encoder name.
    public let name: String
    /// Why it could not be used, e.g. `avcodec_open2(h264_nvenc) failed: …`.
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name): \(reason)" }
}

/// One encoder that was tried and why it was not used.
package struct EncoderAttempt: Sendable, Equatable, CustomStringConvertible {
    /// The FFmpeg encoder name.
    package let name: String
    /// Why it could not be used, e.g. `avcodec_open2(h264_nvenc) failed: …`.
    package let reason: String

    package init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    package var description: String { "\(name): \(reason)" }
}

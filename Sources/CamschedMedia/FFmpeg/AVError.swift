internal import CFFmpegShim

/// A failed FFmpeg call: the negative error code, `av_strerror`'s text and the call's name.
package struct AVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The negative `AVERROR` code the call returned.
    package let code: Int32
    /// The C function that failed, e.g. `avcodec_open2`.
    package let call: String
    /// The text `av_strerror` gives for `code`.
    package let message: String

    /// Describes `code` as returned by `call`.
    package init(code: Int32, call: String) {
        self.code = code
        self.call = call
        var buffer = [CChar](repeating: 0, count: 256)
        cs_av_error_string(code, &buffer, buffer.count)
        self.message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package var description: String { "\(call) failed: \(message) (\(code))" }

    /// Whether this is `AVERROR_EOF`.
    package var isEndOfFile: Bool { code == cs_averror_eof() }
    /// Whether this is `AVERROR(ENOSPC)` or `AVERROR(EDQUOT)`: the filesystem or the quota is full.
    package var isNoSpace: Bool { code == cs_averror(ENOSPC) || code == cs_averror(EDQUOT) }
    /// Whether this is `AVERROR(EAGAIN)`.
    package var isTryAgain: Bool { code == cs_averror_eagain() }

    /// Returns `result` when it is not negative, otherwise throws it as an `AVError`.
    @discardableResult
    static func check(_ result: Int32, _ call: String) throws(AVError) -> Int32 {
        if result < 0 { throw AVError(code: result, call: call) }
        return result
    }

    /// The error for a C allocation that returned NULL.
    static func outOfMemory(_ call: String) -> AVError {
        AVError(code: cs_averror(ENOMEM), call: call)
    }
}

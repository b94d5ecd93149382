import CamschedCore
import Foundation

/// A media failure that is not a failed FFmpeg call: missing encoders, unusable input, bad files.
package enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// FFmpeg was built without the encoder (or decoder) of that name.
    case codecUnavailable(name: String, hint: String)
    /// No encoder for the codec could be opened; each attempt with its reason.
    case noWorkingEncoder(codec: String, attempts: [EncoderAttempt])
    /// The pixel format has no libav equivalent.
    case unsupportedPixelFormat(FourCC)
    /// The frame's memory is smaller than its size and format need.
    case frameTooSmall(needed: Int, available: Int)
    /// The data is not a JPEG (no SOI marker, or broken segment structure).
    case notJPEG(String)
    /// The file has no video stream to read.
    case noVideoStream(path: String)
    /// libexif could not build or serialise the EXIF block.
    case exifFailed(String)
    /// The call needs something the writer does not have in this state.
    case invalidState(String)
    /// A setting is out of its range.
    case invalidSetting(String)
    /// One of FFmpeg's shared libraries (soname `name`) could not be loaded; `package` is the
    /// Debian package that ships it, `reason` the dynamic loader's text.
    case libraryMissing(name: String, package: String, reason: String)

    package var description: String {
        switch self {
        case let .codecUnavailable(name, hint): "FFmpeg has no codec \(name): \(hint)"
        case let .noWorkingEncoder(codec, attempts):
            "no \(codec) encoder could be opened: " + attempts.map { "\($0.name): \($0.reason)" }.joined(separator: "; ")
        case let .unsupportedPixelFormat(code): "pixel format \(code) is not supported"
        case let .frameTooSmall(needed, available): "frame holds \(available) bytes but needs \(needed)"
        case let .notJPEG(why): "not a JPEG: \(why)"
        case let .noVideoStream(path): "\(path) has no video stream"
        case let .exifFailed(why): "EXIF: \(why)"
        case let .invalidState(why): why
        case let .invalidSetting(why): why
        case let .libraryMissing(name, package, reason):
            "FFmpeg's \(name) cannot be loaded (\(reason)); install it with `sudo apt-get install \(package)`"
        }
    }
}

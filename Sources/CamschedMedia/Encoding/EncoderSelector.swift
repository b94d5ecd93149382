import CamschedCore
internal import CFFmpegShim

/// Chooses and opens the video encoder for a recording.
///
/// For `auto`, the hardware encoders FFmpeg offers for the codec are tried first, each by
/// actually opening it (an encoder that FFmpeg lists may still have no device behind it), then
/// the software ones. The result says which encoder was used and why the others failed.
package enum EncoderSelector {
    /// The encoders `auto` tries for `codec`, in order.
    package static func candidates(for codec: VideoCodec) -> [String] {
        codec.hardwareEncoders + codec.softwareEncoders
    }

    /// Which of `codec`'s encoders open on this machine, tried with a tiny 320×240 context.
    /// For `camsched devices` and diagnostics; recordings open the real size with
    /// ``openEncoder(settings:inputFormat:globalHeader:)``.
    package static func probe(_ codec: VideoCodec) -> (working: [String], rejected: [EncoderAttempt]) {
        let settings = VideoEncoderSettings(codec: codec, fps: 30, width: 320, height: 240)
        var working: [String] = []
        var rejected: [EncoderAttempt] = []
        do { try FFmpegLibraries.load() } catch {
            return ([], candidates(for: codec).map { EncoderAttempt(name: $0, reason: "\(error)") })
        }
        for name in candidates(for: codec) {
            do {
                _ = try VideoEncoder(name: name, settings: settings, inputFormat: .yu12, globalHeader: true)
                working.append(name)
            } catch {
                rejected.append(EncoderAttempt(name: name, reason: "\(error)"))
            }
        }
        return (working, rejected)
    }

    /// Opens the encoder `settings` ask for: the named one, or for `auto` the first candidate
    /// that opens.
    /// - Parameters:
    ///   - inputFormat: the camera's pixel format, to avoid converting when the encoder takes it.
    ///   - globalHeader: whether the container wants codec headers out of band (MP4, MKV).
    /// - Throws: `MediaError.noWorkingEncoder` listing every attempt, or
    ///   `MediaError.codecUnavailable` for an unknown explicit name.
    static func openEncoder(settings: VideoEncoderSettings, inputFormat: FourCC, globalHeader: Bool) throws -> VideoEncoder {
        try FFmpegLibraries.load()
        let names = settings.encoderName == "auto" ? candidates(for: settings.codec) : [settings.encoderName]
        var rejected: [EncoderAttempt] = []
        for name in names {
            do {
                let encoder = try VideoEncoder(name: name, settings: settings, inputFormat: inputFormat,
                                               globalHeader: globalHeader, rejected: rejected)
                return encoder
            } catch let error as MediaError {
                if settings.encoderName != "auto" { throw error }
                rejected.append(EncoderAttempt(name: name, reason: "\(error)"))
            } catch {
                rejected.append(EncoderAttempt(name: name, reason: "\(error)"))
            }
        }
        throw MediaError.noWorkingEncoder(codec: settings.codec.rawValue, attempts: rejected)
    }
}

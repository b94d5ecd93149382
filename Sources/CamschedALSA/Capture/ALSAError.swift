internal import CALSA

/// Why an ALSA capture device could not be opened, configured or read: each case names the
/// device (the ALSA name it was opened by) and keeps alsa-lib's error number.
package enum ALSAError: Error, Equatable, CustomStringConvertible {
    /// No PCM of that name: an unknown card, device or definition.
    case notFound(name: String, code: Int32)
    /// Another program has the device open (`EBUSY` from a non-blocking open).
    case busy(name: String)
    /// The device does not take a setting: what was asked, and what it takes.
    case refused(name: String, asked: String, takes: String)
    /// The device went away while open (unplugged, its driver unbound): `ENODEV`, `EBADFD`, or
    /// a suspend it did not come back from.
    case gone(name: String, call: String, code: Int32)
    /// Any other failure of a call.
    case failed(name: String, call: String, code: Int32)

    package var description: String {
        switch self {
        case let .notFound(name, code): return "no ALSA capture device \(name) (\(Self.text(code)))"
        case let .busy(name): return "\(name) is in use by another program"
        case let .refused(name, asked, takes): return "\(name) does not take \(asked); it takes \(takes)"
        case let .gone(name, call, code): return "\(name) went away (\(call): \(Self.text(code)))"
        case let .failed(name, call, code): return "\(name): \(call) failed: \(Self.text(code))"
        }
    }

    /// alsa-lib's sentence for an error number (negative or not).
    package static func text(_ code: Int32) -> String {
        String(cString: snd_strerror(code < 0 ? code : -code))
    }

    /// The error a failed call on an open device stands for: the device gone, or a failure.
    static func of(_ call: String, _ code: Int32, name: String) -> ALSAError {
        let number = code < 0 ? -code : code
        if number == ENODEV || number == EBADFD || number == ENXIO { return .gone(name: name, call: call, code: number) }
        return .failed(name: name, call: call, code: number)
    }
}

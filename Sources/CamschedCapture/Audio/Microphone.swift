import CamschedCore

/// A source of sound for a recording: an ALSA capture device, or the test microphone. Opened
/// by ``start()``, read by one thread (the recording's audio reader) until ``stop()``.
package protocol Microphone: AnyObject, Sendable {
    /// What the device was opened with (the rate and channels its chunks carry).
    var format: AudioFormat { get }
    /// A name for logs and sidecars (`hw:CARD=C920,DEV=0`, `test:tone`).
    var name: String { get }
    /// Opens the device and starts capture.
    /// - Throws: ``MicrophoneError``.
    func start() throws
    /// The next chunk of sound, or nil when none came before `timeout` (seconds) passed.
    /// - Throws: ``MicrophoneError/lost(name:reason:)`` when the device went away.
    func read(timeout: Double) throws -> AudioChunk?
    /// Stops capture and closes the device (idempotent).
    func stop()
}

/// A microphone whose sound already arrives in a queue on another thread (a network stream's,
/// decoded by its reader): a recording takes it from that queue, with no reading thread of its own.
package protocol QueuedMicrophone: Microphone {
    var queue: AudioChunkQueue { get }
}

/// Why a microphone could not give sound: each names the device and what to do.
package enum MicrophoneError: Error, Equatable, CustomStringConvertible {
    /// No such device.
    case missing(name: String, hint: String)
    /// Another program has the device open.
    case busy(name: String, holder: String?)
    /// The device does not take what was asked (a rate, a channel count).
    case refused(name: String, reason: String)
    /// The device went away (or failed) while capturing.
    case lost(name: String, reason: String)

    package var description: String {
        switch self {
        case let .missing(name, hint): return "no microphone \(name): \(hint)"
        case let .busy(name, holder):
            return "the microphone \(name) is in use by \(holder ?? "another program"); close it or choose another device"
        case let .refused(name, reason): return "the microphone \(name) refused the settings: \(reason)"
        case let .lost(name, reason): return "the microphone \(name) was lost: \(reason)"
        }
    }
}

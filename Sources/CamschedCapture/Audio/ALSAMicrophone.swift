import CamschedALSA
import CamschedCore
import Synchronization

/// A microphone that is an ALSA capture device (`hw:CARD=C920,DEV=0`, `plughw:1,0`, `default`):
/// 16-bit interleaved samples, each chunk stamped with the `CLOCK_MONOTONIC` time of its first
/// frame, as V4L2 stamps a camera's buffers, so sound and picture are placed by capture time.
///
/// Thread-safe: the device is behind one lock, which a read takes for at most
/// ``waitSliceMilliseconds`` at a time, so ``stop()`` from another thread ends a waiting read within it.
package final class ALSAMicrophone: Microphone {
    /// The longest a read holds the lock while it waits for sound.
    static let waitSliceMilliseconds = 100
    /// The longest chunk a read returns, as a fraction of a second (50 ms).
    static let chunksPerSecond = 20

    package let name: String
    private let askedRate: Int?
    private let askedChannels: Int
    private let state: Mutex<State>

    private struct State {
        var capture: ALSACapture?
        var format: AudioFormat
        /// Overruns of captures already closed (a device lost and opened again).
        var earlierOverruns = 0
    }

    /// A microphone for the ALSA device `name`, not yet opened.
    /// - Parameters:
    ///   - rate: Frames per second; nil: 48000 where the device takes it, else its nearest.
    ///   - channels: Channels to capture (1: mono).
    package init(name: String, rate: Int?, channels: Int) {
        self.name = name
        askedRate = rate
        askedChannels = channels
        state = Mutex(State(capture: nil, format: AudioFormat(rate: rate ?? 48_000, channels: channels)))
    }

    /// The rate and channels of the open device (before ``start()``: those asked).
    package var format: AudioFormat { state.withLock { $0.format } }

    /// Frames of the open device's period (its unit of transfer, about 20 ms); nil when closed.
    package var periodFrames: Int? { state.withLock { $0.capture?.periodFrames } }

    /// Overruns since this microphone was made: each a time the device's buffer filled before
    /// it was read and capture restarted; the samples lost are the gap in the chunks' timestamps.
    package var overruns: Int { state.withLock { $0.earlierOverruns + ($0.capture?.overruns ?? 0) } }

    /// Opens the device and starts capture (nothing when it is already capturing).
    /// - Throws: ``MicrophoneError``: `.missing` (with the capture devices present), `.busy`
    ///   (naming the program that holds it), `.refused` (with what the device takes).
    package func start() throws {
        let opened: Result<Void, ALSAError> = state.withLock { state in
            guard state.capture == nil else { return .success(()) }
            do throws(ALSAError) {
                let capture = try ALSACapture(name: name, rate: askedRate, channels: askedChannels)
                try capture.start()
                state.format = AudioFormat(rate: capture.rate, channels: capture.channels)
                state.capture = capture
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case let .failure(error) = opened { throw MicrophoneFailure.opening(error, name: name) }
    }

    /// The next chunk (up to 50 ms of sound), or nil when none came before `timeout` seconds
    /// passed or the microphone is stopped.
    /// - Throws: ``MicrophoneError/lost(name:reason:)`` when the device went away; it is closed,
    ///   and ``start()`` opens it again.
    package func read(timeout: Double) throws -> AudioChunk? {
        let deadline = MonotonicClock.nanoseconds() + Int64(max(0, timeout) * 1e9)
        while true {
            let left = Int((deadline - MonotonicClock.nanoseconds()) / 1_000_000)
            switch readStep(waitingMilliseconds: max(0, min(left, Self.waitSliceMilliseconds))) {
            case let .chunk(chunk): return chunk
            case .stopped: return nil
            case let .lost(error): throw MicrophoneError.lost(name: name, reason: error.description)
            case .nothing: if MonotonicClock.nanoseconds() >= deadline { return nil }
            }
        }
    }

    /// Stops capture and closes the device (idempotent).
    package func stop() {
        state.withLock { state in
            guard let capture = state.capture else { return }
            state.earlierOverruns += capture.overruns
            capture.close()
            state.capture = nil
        }
    }

    private enum ReadStep: Sendable {
        case chunk(AudioChunk), nothing, stopped, lost(ALSAError)
    }

    /// One wait of at most `milliseconds` and one read, under the lock.
    private func readStep(waitingMilliseconds milliseconds: Int) -> ReadStep {
        state.withLock { state in
            guard let capture = state.capture else { return .stopped }
            do throws(ALSAError) {
                guard try capture.wait(milliseconds: milliseconds),
                      let read = try capture.read(maxFrames: max(1, capture.rate / Self.chunksPerSecond)) else { return .nothing }
                return .chunk(AudioChunk(samples: read.samples, rate: capture.rate, channels: capture.channels,
                                         timestampNanoseconds: read.timestampNanoseconds))
            } catch {
                state.earlierOverruns += capture.overruns
                capture.close()
                state.capture = nil
                return .lost(error)
            }
        }
    }
}

import CamschedCore
import Synchronization

/// The test camera's microphone (`test:?audio=tone`): ``TestToneSignal`` in chunks of 20 ms,
/// each delivered when its last sample's time has come on the monotonic clock, stamped with
/// its first sample's. Fault switch: `audioLostAfter` (lost after that much capturing, gone
/// for `audioReturnAfter`, or for good) — as the test camera's `disconnectAfter`.
package final class TestMicrophone: Microphone {
    package let format: AudioFormat
    package let name = "test:tone"
    private let lostAfter: Duration?
    private let returnAfter: Duration?
    private struct State {
        /// The next sample frame to deliver; nil while stopped.
        var next: Int64?
        var startedAt: Int64 = 0
        var lostAt: Int64?
        var losses = 0
    }
    private let state = Mutex(State())

    package init(options: SyntheticCameraOptions, channels: Int = 1) {
        format = AudioFormat(rate: options.audioRate, channels: max(1, channels))
        lostAfter = options.audioLostAfter
        returnAfter = options.audioReturnAfter
    }

    package func start() throws {
        try state.withLock { state in
            let now = MonotonicClock.nanoseconds()
            if let lost = state.lostAt {
                guard let back = returnAfter, now - lost >= back.wholeNanoseconds else {
                    throw MicrophoneError.missing(name: name, hint: "the test microphone was unplugged (audioLostAfter)")
                }
                state.lostAt = nil
            }
            state.startedAt = now
            state.next = (now * Int64(format.rate) + 999_999_999) / 1_000_000_000
        }
    }

    package func read(timeout: Double) throws -> AudioChunk? {
        let frames = Int64(format.rate / 50)
        let planned: (first: Int64, due: Int64)? = try state.withLock { state in
            guard let next = state.next else { throw MicrophoneError.lost(name: name, reason: "not started") }
            return (next, (next + frames) * 1_000_000_000 / Int64(format.rate))
        }
        guard let planned else { return nil }
        let limit = MonotonicClock.nanoseconds() + Int64(max(timeout, 0) * 1e9)
        MonotonicClock.sleep(until: min(planned.due, limit))
        guard planned.due <= limit else { return nil }
        return try state.withLock { state in
            if let lostAfter, state.losses == 0, planned.due - state.startedAt >= lostAfter.wholeNanoseconds {
                state.losses += 1
                state.lostAt = MonotonicClock.nanoseconds()
                state.next = nil
                throw MicrophoneError.lost(name: name, reason: "unplugged (audioLostAfter)")
            }
            state.next = planned.first + frames
            return chunk(from: planned.first, frames: frames)
        }
    }

    package func stop() { state.withLock { $0.next = nil } }

    private func chunk(from first: Int64, frames: Int64) -> AudioChunk {
        var samples: [Int16] = []
        samples.reserveCapacity(Int(frames) * format.channels)
        for n in first..<(first + frames) {
            let value = TestToneSignal.sample(frame: n, rate: format.rate)
            for _ in 0..<format.channels { samples.append(value) }
        }
        return AudioChunk(samples: samples, rate: format.rate, channels: format.channels,
                          timestampNanoseconds: first * 1_000_000_000 / Int64(format.rate))
    }
}

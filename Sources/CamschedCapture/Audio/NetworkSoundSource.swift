import CamschedCore
import Dispatch
import Synchronization

/// A network camera's sound as a ``Microphone``: the chunks its stream's connections deliver
/// (``StreamSound/connect(to:)``), held in a bounded queue — the oldest dropped and counted when
/// the reader is late — until ``read(timeout:)`` takes them, which waits on a signal with a
/// deadline. It lives for the recording, across the connections: a stream lost and connected
/// again goes on delivering into it, the time without sound left as a gap (the chunks' times
/// jump). Chunks come in the stream's own rate and are mixed to the channels the job records;
/// sound of a connection that comes back at another rate is dropped (counted in ``droppedFrames``).
package final class NetworkSoundSource: Microphone {
    package let format: AudioFormat
    package let name: String
    private let capacityFrames: Int
    private struct State {
        var chunks: [AudioChunk] = []
        var frames = 0
        var dropped: Int64 = 0
        var readersWaiting = 0
        var connections = 0
    }
    private let state = Mutex(State())
    private let chunkCame = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - name: what sidecars call the sound (the stream's URL, without credentials).
    ///   - rate: the stream's rate; `channels`: what the job records.
    ///   - capacitySeconds: sound held for a late reader before the oldest is dropped.
    package init(name: String, rate: Int, channels: Int, capacitySeconds: Double = 5) {
        self.name = name
        format = AudioFormat(rate: rate, channels: max(1, channels))
        capacityFrames = max(1, Int(capacitySeconds * Double(rate)))
    }

    /// Nothing to open: the stream's sound comes while a connection delivers it.
    package func start() throws {}

    /// Forgets what is queued; the connections keep delivering (the stream is not its to stop).
    package func stop() {
        state.withLock { $0.chunks = []; $0.frames = 0 }
    }

    package func read(timeout: Double) throws -> AudioChunk? {
        let deadline = DispatchTime.now() + max(timeout, 0)
        while true {
            let chunk: AudioChunk? = state.withLock { state in
                guard !state.chunks.isEmpty else {
                    state.readersWaiting += 1
                    return nil
                }
                let chunk = state.chunks.removeFirst()
                state.frames -= chunk.frames
                return chunk
            }
            if let chunk { return chunk }
            guard chunkCame.wait(timeout: deadline) == .success else {
                // Gave up: no longer waiting (a signal sent meanwhile is taken by the next wait).
                state.withLock { $0.readersWaiting = max(0, $0.readersWaiting - 1) }
                return nil
            }
        }
    }

    /// A connection's chunk: queued in the job's channels, the oldest dropped past the capacity.
    func push(_ chunk: AudioChunk) {
        let waiting: Int = state.withLock { state in
            guard chunk.rate == format.rate else {
                state.dropped += Int64(chunk.frames)
                return 0
            }
            let mixed = chunk.mixed(toChannels: format.channels)
            state.chunks.append(mixed)
            state.frames += mixed.frames
            while state.frames > capacityFrames, let oldest = state.chunks.first {
                state.chunks.removeFirst()
                state.frames -= oldest.frames
                state.dropped += Int64(oldest.frames)
            }
            defer { state.readersWaiting = 0 }
            return state.readersWaiting
        }
        for _ in 0..<waiting { chunkCame.signal() }
    }

    /// A connection was connected (the first, or one after a loss).
    func attached(_ stream: StreamSound) { state.withLock { $0.connections += 1 } }

    /// Connections after the first: how often the stream came back.
    package var reconnections: Int { state.withLock { max(0, $0.connections - 1) } }
    /// Sample frames dropped: the reader was late, or a connection came at another rate.
    package var droppedFrames: Int64 { state.withLock { $0.dropped } }
}

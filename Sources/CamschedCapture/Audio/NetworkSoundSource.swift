import CamschedCore
import Synchronization

/// A network camera's sound as a ``Microphone``: the chunks its stream's connections deliver
/// (``StreamSound/connect(to:)``), held in a bounded queue — the oldest dropped and counted when
/// the reader is late — until ``read(timeout:)`` takes them, which waits on a signal with a
/// deadline. It lives for the recording, across the connections: a stream lost and connected
/// again goes on delivering into it, the time without sound left as a gap (the chunks' times
/// jump). Chunks come in the stream's own rate and are mixed to the channels the job records;
/// sound of a connection that comes back at another rate is dropped (counted in ``droppedFrames``).
package final class NetworkSoundSource: QueuedMicrophone {
    package let format: AudioFormat
    package let name: String
    /// Where its connections' chunks wait for the recording.
    package let queue: AudioChunkQueue
    private let connections = Mutex(0)

    /// - Parameters:
    ///   - name: what sidecars call the sound (the stream's URL, without credentials).
    ///   - rate: the stream's rate; `channels`: what the job records.
    ///   - capacitySeconds: sound held for a late reader before the oldest is dropped.
    package init(name: String, rate: Int, channels: Int, capacitySeconds: Double = 5) {
        self.name = name
        format = AudioFormat(rate: rate, channels: max(1, channels))
        queue = AudioChunkQueue(capacityFrames: Int(capacitySeconds * Double(rate)))
    }

    /// Nothing to open: the stream's sound comes while a connection delivers it.
    package func start() throws {}

    /// Nothing to close: the connections keep delivering (the stream is not its to stop), and
    /// what is queued stays for the recording's last look.
    package func stop() {}

    package func read(timeout: Double) throws -> AudioChunk? { queue.next(timeout: timeout) }

    /// A connection's chunk: queued in the job's channels, the oldest dropped past the capacity.
    func push(_ chunk: AudioChunk) {
        guard chunk.rate == format.rate else { return queue.drop(frames: chunk.frames) }
        queue.push(chunk.mixed(toChannels: format.channels))
    }

    /// A connection was connected (the first, or one after a loss).
    func attached(_ stream: StreamSound) { connections.withLock { $0 += 1 } }

    /// Connections after the first: how often the stream came back.
    package var reconnections: Int { connections.withLock { max(0, $0 - 1) } }
    /// Sample frames dropped: the reader was late, or a connection came at another rate.
    package var droppedFrames: Int64 { queue.droppedFrames }
}

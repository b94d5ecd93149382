import CamschedCore
import CamschedMedia
import Synchronization

/// The sound a network camera's stream carries, for one connection: what it is (codec, rate,
/// channels) and where its decoded chunks go — the recording's ``NetworkSoundSource`` once one
/// is connected (``connect(to:)``), nowhere before (its packets are then not even decoded).
/// A connection that comes back after a loss brings a new one, which the recording connects
/// again: the source outlives the connections.
package final class StreamSound: Sendable, Equatable {
    /// The stream's codec and its sound as decoded.
    package let description: StreamSoundDescription
    private let sink = Mutex<NetworkSoundSource?>(nil)

    package init(_ description: StreamSoundDescription) {
        self.description = description
    }

    /// Sends the stream's sound to `source` from now on.
    package func connect(to source: NetworkSoundSource) {
        sink.withLock { $0 = source }
        source.attached(self)
    }

    /// The connection is closed: its sound goes nowhere any more.
    package func disconnect() { sink.withLock { $0 = nil } }

    /// Whether a recording takes the sound (the reader decodes it only then).
    package var isConnected: Bool { sink.withLock { $0 != nil } }

    /// A decoded chunk of the stream (the reading thread's).
    package func deliver(_ chunk: AudioChunk) {
        sink.withLock { $0 }?.push(chunk)
    }

    package static func == (a: StreamSound, b: StreamSound) -> Bool { a === b }
}

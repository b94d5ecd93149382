import CamschedCore
import Dispatch
import Synchronization

/// Sound on its way from the thread that captures it to the one that records it: a bounded
/// queue of chunks — past `capacityFrames` the oldest is dropped and counted, so a late reader
/// never makes the source wait — and waits for a chunk, or for the sound to reach a time, on a
/// signal with a deadline. What ``SoundCapture`` (a microphone's reading thread) and
/// ``NetworkSoundSource`` (a stream's sound) hand on.
package final class AudioChunkQueue: Sendable {
    private struct State {
        var chunks: [AudioChunk] = []
        var frames = 0
        var dropped: Int64 = 0
        /// Where the newest chunk queued ended (it may have been taken since).
        var newestEnd: Int64 = .min
        /// Waits in progress: each push signals them.
        var waiting = 0
    }

    private let capacityFrames: Int
    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    package init(capacityFrames: Int) {
        self.capacityFrames = max(1, capacityFrames)
    }

    /// Queues a chunk; the oldest go past the capacity.
    package func push(_ chunk: AudioChunk) {
        let waiting = state.withLock { state in
            state.chunks.append(chunk)
            state.frames += chunk.frames
            state.newestEnd = chunk.endNanoseconds
            while state.frames > capacityFrames, let oldest = state.chunks.first {
                state.chunks.removeFirst()
                state.frames -= oldest.frames
                state.dropped += Int64(oldest.frames)
            }
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<waiting { arrived.signal() }
    }

    /// Counts sound dropped before it was queued (a chunk the reader cannot take).
    package func drop(frames: Int) { state.withLock { $0.dropped += Int64(frames) } }

    /// Every chunk queued, oldest first; the queue is then empty.
    package func takeAll() -> [AudioChunk] {
        state.withLock { state in
            defer { (state.chunks, state.frames) = ([], 0) }
            return state.chunks
        }
    }

    /// The oldest chunk, waiting up to `timeout` seconds for one; nil when none came.
    package func next(timeout: Double) -> AudioChunk? {
        waitFor(timeout: timeout) { state in
            guard !state.chunks.isEmpty else { return nil }
            let chunk = state.chunks.removeFirst()
            state.frames -= chunk.frames
            return chunk
        }
    }

    /// Waits until the sound queued reaches `end` (monotonic ns) or `timeout` seconds pass.
    package func wait(through end: Int64, timeout: Double) {
        _ = waitFor(timeout: timeout) { $0.newestEnd >= end ? true : nil }
    }

    /// Sample frames dropped: the reader was late, or a chunk could not be taken.
    package var droppedFrames: Int64 { state.withLock { $0.dropped } }

    /// `ready`'s answer, looked for under the lock, again after each push until `timeout`
    /// seconds pass (nil then). A wait is counted in the same look that found nothing, so a push
    /// right after it signals it.
    private func waitFor<Value>(timeout: Double, _ ready: (inout State) -> Value?) -> Value? {
        let deadline = DispatchTime.now() + max(timeout, 0)
        while true {
            let found: Value? = state.withLock { state in
                if let value = ready(&state) { return value }
                state.waiting += 1
                return nil
            }
            if let found { return found }
            guard arrived.wait(timeout: deadline) == .success else {
                state.withLock { $0.waiting = max(0, $0.waiting - 1) }
                return nil
            }
        }
    }
}

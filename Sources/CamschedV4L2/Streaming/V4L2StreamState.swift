/// What a device's stream holds between calls: the mapped buffers, whether it runs, and the
/// sequence bookkeeping. Belongs to one ``V4L2Device`` and is read and changed only with
/// that device's lock held (its one lock: no second lock order).
final class V4L2StreamState {
    /// The mapped buffers while streaming; empty otherwise.
    var buffers: [V4L2MappedBuffer] = []
    /// Whether `STREAMON` succeeded and `V4L2Stream.stop()` has not run.
    var isStreaming = false
    /// Sequence and timestamp bookkeeping of the current stream.
    var tracker = SequenceTracker()
}

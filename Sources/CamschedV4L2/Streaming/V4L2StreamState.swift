/// What a device's stream holds between calls: the mapped buffers, whether it runs, and the
/// sequence bookkeeping. Belongs to one ``V4L2Device`` and is read and changed only with
/// that device's lock held (its one lock: no second lock order).
/// Unchecked: every field is guarded by the owning device's `lock`.
final class V4L2StreamState: @unchecked Sendable {
    /// The mapped buffers while streaming; empty otherwise.
    var buffers: [V4L2MappedBuffer] = []
    /// Whether `STREAMON` succeeded and `V4L2Stream.stop()` has not run.
    var isStreaming = false
    /// Sequence and timestamp bookkeeping of the current stream.
    var tracker = SequenceTracker()
}

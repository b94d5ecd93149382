import CamschedV4L2
import Dispatch
import Testing

extension V4L2Stream {
    /// Dequeues `count` frames, handing each buffer back from another thread as a capture
    /// pipeline would; fails the test when a frame takes longer than `patience`.
    func capture(count: Int, patience: Duration = .seconds(5),
                 during: (Int) throws -> Void = { _ in }) throws -> [CapturedFrame] {
        let requeuer = DispatchQueue(label: "vivid-requeue")
        var frames: [CapturedFrame] = []
        frames.reserveCapacity(count)
        while frames.count < count {
            let buffer = try #require(try dequeue(timeout: patience), "no frame within \(patience) after \(frames.count) frames")
            frames.append(CapturedFrame(sequence: buffer.sequence, timestampNanoseconds: buffer.timestampNanoseconds,
                                        bytesUsed: buffer.bytesUsed, hasError: buffer.hasError))
            let index = buffer.index
            requeuer.async { [self] in
                do { try requeue(index: index) } catch { Issue.record("requeue(\(index)) failed: \(error)") }
            }
            try during(frames.count)
        }
        requeuer.sync {}
        return frames
    }
}

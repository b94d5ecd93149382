import Foundation

/// Equal-sized pixel buffers handed out and taken back, so a source that reads frames into
/// memory it owns (``Y4MReader``) asks the allocator for a buffer only while more frames are in
/// use than ever before.
///
/// With camsched's fixed mmap threshold (see ``MemoryTrim``) a frame-sized block from `malloc`
/// is a fresh mapping, zero-filled a page at a time on first touch and unmapped on `free`: at
/// 640x360 that was 85 page faults a frame and an eighth of the file camera's CPU. A buffer
/// comes back when the last holder of its frame lets go (the frame's `FrameMemory`), so pixels in
/// use are never overwritten. The pool grows to the most frames ever in use at once (a fast
/// `file:` camera keeps its frame queue full: 8 queued, one being pushed, one being encoded)
/// and keeps them; past `keep` idle buffers it frees what comes back.
/// Thread-safe: frames are released on whichever thread drops them last. Unchecked: its
/// buffers are raw pointers, which no checked Sendable type may hold; `lock` guards `idle`
/// and `created`, and a buffer belongs to one holder at a time (taken, then given back).
package final class FrameBufferPool: @unchecked Sendable {
    /// The size of each buffer.
    package let byteCount: Int
    private let keep: Int
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawBufferPointer] = []
    private var created = 0

    /// - Parameters:
    ///   - byteCount: the size of each buffer.
    ///   - keep: how many idle buffers to hold on to at most.
    package init(byteCount: Int, keep: Int = 32) {
        self.byteCount = max(byteCount, 1)
        self.keep = max(keep, 1)
    }

    deinit { for buffer in idle { buffer.deallocate() } }

    /// Buffers allocated so far (a recycling pool stops growing once frames flow steadily).
    package var allocations: Int { lock.withLock { created } }

    /// An idle buffer, or a new one when none is idle (contents undefined, 64-byte aligned).
    package func take() -> UnsafeMutableRawBufferPointer {
        let reused = lock.withLock { () -> UnsafeMutableRawBufferPointer? in
            if let buffer = idle.popLast() { return buffer }
            created += 1
            return nil
        }
        return reused ?? UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 64)
    }

    /// Takes back a buffer from ``take()``; frees it when enough are idle already.
    package func give(_ buffer: UnsafeMutableRawBufferPointer) {
        let kept = lock.withLock { () -> Bool in
            guard idle.count < keep else { return false }
            idle.append(buffer)
            return true
        }
        if !kept { buffer.deallocate() }
    }
}

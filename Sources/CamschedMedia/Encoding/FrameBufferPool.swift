import Synchronization

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
/// Thread-safe: frames are released on whichever thread drops them last. The idle buffers are
/// kept as their addresses (all have ``byteCount`` bytes), so the pool's state is a plain value
/// in a `Mutex`; a buffer belongs to one holder at a time (taken, then given back).
package final class FrameBufferPool: Sendable {
    /// The size of each buffer.
    package let byteCount: Int
    private let keep: Int
    private let state = Mutex(State())

    private struct State {
        /// The idle buffers' start addresses.
        var idle: [UInt] = []
        var created = 0
    }

    /// - Parameters:
    ///   - byteCount: the size of each buffer.
    ///   - keep: how many idle buffers to hold on to at most.
    package init(byteCount: Int, keep: Int = 32) {
        self.byteCount = max(byteCount, 1)
        self.keep = max(keep, 1)
    }

    deinit {
        for address in state.withLock({ $0.idle }) { buffer(at: address).deallocate() }
    }

    /// Buffers allocated so far (a recycling pool stops growing once frames flow steadily).
    package var allocations: Int { state.withLock { $0.created } }

    /// An idle buffer, or a new one when none is idle (contents undefined, 64-byte aligned).
    package func take() -> UnsafeMutableRawBufferPointer {
        let reused = state.withLock { state -> UInt? in
            if let address = state.idle.popLast() { return address }
            state.created += 1
            return nil
        }
        return reused.map(buffer(at:)) ?? UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 64)
    }

    /// Takes back a buffer from ``take()``; frees it when enough are idle already.
    package func give(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let kept = state.withLock { state -> Bool in
            guard state.idle.count < keep else { return false }
            state.idle.append(UInt(bitPattern: base))
            return true
        }
        if !kept { buffer.deallocate() }
    }

    /// The buffer of ``byteCount`` bytes that starts at `address`.
    private func buffer(at address: UInt) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: address), count: byteCount)
    }
}

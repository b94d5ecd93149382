@testable import CamschedMedia
import Dispatch
import Testing

/// The pool behind the `file:` camera's Y4M frames: it allocates only while more buffers are in
/// use than ever before, counts each allocation once, and never hands one buffer to two holders.
@Suite struct FrameBufferPoolTests {
    @Test func allocatesOnlyForTheMostBuffersInUseAtOnce() {
        let pool = FrameBufferPool(byteCount: 4096, keep: 8)
        var held: [UnsafeMutableRawBufferPointer] = []
        for _ in 0..<5 { held.append(pool.take()) }
        #expect(pool.allocations == 5)
        #expect(Set(held.map { $0.baseAddress! }).count == 5)
        for buffer in held { pool.give(buffer) }
        held.removeAll()
        for _ in 0..<100 {  // two in use at a time, as a frame queue with one being encoded
            let first = pool.take(), second = pool.take()
            #expect(first.baseAddress != second.baseAddress)
            #expect(first.count == 4096 && second.count == 4096)
            pool.give(first)
            pool.give(second)
        }
        #expect(pool.allocations == 5)
        for _ in 0..<7 { held.append(pool.take()) }
        #expect(pool.allocations == 7)
        for buffer in held { pool.give(buffer) }
    }

    @Test func buffersBeyondKeepAreFreedAndAllocatedAgain() {
        let pool = FrameBufferPool(byteCount: 64, keep: 2)
        let buffers = (0..<4).map { _ in pool.take() }
        for buffer in buffers { pool.give(buffer) }  // two kept, two freed
        let again = (0..<4).map { _ in pool.take() }
        #expect(pool.allocations == 6)
        for buffer in again { pool.give(buffer) }
    }

    @Test func threadsTakingAndGivingNeverShareABuffer() {
        let pool = FrameBufferPool(byteCount: 256, keep: 64)
        let threads = 4, rounds = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            for round in 0..<rounds {
                let buffer = pool.take()
                let stamp = UInt64(worker) << 32 | UInt64(round)
                buffer.storeBytes(of: stamp, as: UInt64.self)
                for _ in 0..<50 { _ = buffer.load(as: UInt64.self) }
                #expect(buffer.load(as: UInt64.self) == stamp, "a buffer was handed to two holders")
                pool.give(buffer)
            }
        }
        // Never more buffers than holders at once, and every allocation counted.
        #expect(pool.allocations >= 1 && pool.allocations <= threads)
        let held = (0..<threads).map { _ in pool.take() }
        #expect(Set(held.map { $0.baseAddress! }).count == threads)
        #expect(pool.allocations == threads)
        for buffer in held { pool.give(buffer) }
    }
}

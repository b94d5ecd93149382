import CamschedCore
import Foundation
import Synchronization
import Testing

/// A frame's pixel memory (a driver buffer, a pooled buffer, heap memory) goes back exactly
/// once, when the last frame showing it is released: a driver buffer queued twice would hand
/// the driver a buffer twice, one never queued again would starve it.
@Suite struct FrameMemoryTests {
    /// Counts how often the memory was given back and which bytes it was given.
    final class GiveBacks: Sendable {
        private let count = Atomic<Int>(0)
        private let address = Atomic<UInt>(0)
        func record(_ buffer: UnsafeMutableRawBufferPointer) {
            address.store(UInt(bitPattern: buffer.baseAddress), ordering: .sequentiallyConsistent)
            count.add(1, ordering: .sequentiallyConsistent)
            buffer.deallocate()
        }
        var times: Int { count.load(ordering: .sequentiallyConsistent) }
        var lastAddress: UInt { address.load(ordering: .sequentiallyConsistent) }
    }

    /// A 4x2 YUYV frame in memory that `giveBacks` records and frees.
    static func frame(_ giveBacks: GiveBacks, sequence: UInt32 = 7) -> VideoFrame {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: UInt8(sequence))
        return VideoFrame(width: 4, height: 2, pixelFormat: .yuyv, bytesPerLine: 8,
                          memory: FrameMemory(taking: storage, count: 16) { giveBacks.record($0) },
                          sequence: sequence, timestampNanoseconds: 1, wallClock: Date())
    }

    @Test(arguments: [true, false])
    func memoryGoesBackOnceAfterTheFrameAndItsMetadataCopy(originalFirst: Bool) throws {
        let giveBacks = GiveBacks()
        var original: VideoFrame? = Self.frame(giveBacks)
        let address = UInt(bitPattern: try #require(original).bytes.baseAddress)
        var copy: VideoFrame? = try #require(original).with(metadata: FrameMetadata(rotation: 90))
        #expect(copy?.metadata.rotation == 90 && original?.metadata.rotation == 0)
        #expect(copy?.bytes.baseAddress == original?.bytes.baseAddress, "with(metadata:) copies no pixels")
        if originalFirst { original = nil } else { copy = nil }
        #expect(giveBacks.times == 0, "the other frame still shows the pixels")
        #expect((original ?? copy).map { Array($0.bytes) } == [UInt8](repeating: 7, count: 16))
        original = nil
        copy = nil
        #expect(giveBacks.times == 1)
        #expect(giveBacks.lastAddress == address)
    }

    @Test func copiesOfCopiesReleasedOnManyThreadsGiveTheMemoryBackOnce() {
        let giveBacks = GiveBacks()
        var copies = [Self.frame(giveBacks)]
        for rotation in 1..<64 { copies.append(copies[rotation - 1].with(metadata: FrameMetadata(rotation: rotation))) }
        let shared = Mutex(copies)
        copies = []
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            _ = shared.withLock { $0.popLast() }
        }
        #expect(giveBacks.times == 1)
    }

    @Test func aDetachedCopyLetsTheOriginalMemoryGoAtOnce() throws {
        let giveBacks = GiveBacks()
        var original: VideoFrame? = Self.frame(giveBacks, sequence: 3)
        let detached = try #require(original).detached()
        #expect(detached.bytes.baseAddress != original?.bytes.baseAddress)
        original = nil
        #expect(giveBacks.times == 1)
        #expect(Array(detached.bytes) == [UInt8](repeating: 3, count: 16))
    }
}

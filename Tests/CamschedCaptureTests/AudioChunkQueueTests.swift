import CamschedCapture
import CamschedCore
import Foundation
import Testing

/// The queue between a sound's capturing thread and its recording one: bounded (the oldest
/// dropped, counted exactly), and its waits woken by a push, not by their deadlines.
@Suite struct AudioChunkQueueTests {
    static func chunk(_ frames: Int, at second: Int64) -> AudioChunk {
        AudioChunk(samples: [Int16](repeating: 1, count: frames), rate: 8_000, channels: 1, timestampNanoseconds: second * 1_000_000_000)
    }

    @Test func pastItsCapacityTheOldestGoAndAreCounted() {
        let queue = AudioChunkQueue(capacityFrames: 16_000)
        for second in 0..<3 { queue.push(Self.chunk(8_000, at: Int64(second))) }
        #expect(queue.droppedFrames == 8_000)
        queue.drop(frames: 160)
        #expect(queue.droppedFrames == 8_160)
        #expect(queue.takeAll().map(\.timestampNanoseconds) == [1_000_000_000, 2_000_000_000])
        #expect(queue.takeAll().isEmpty && queue.next(timeout: 0) == nil)
    }

    @Test func aWaitingReaderIsWokenByThePush() {
        let queue = AudioChunkQueue(capacityFrames: 16_000)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.push(Self.chunk(160, at: 7))
        }
        let started = Date()
        #expect(queue.next(timeout: 30)?.timestampNanoseconds == 7_000_000_000)
        #expect(Date().timeIntervalSince(started) < 10, "the push ended the wait, not the deadline")
    }

    @Test func aWaitThroughATimeEndsWhenTheSoundReachesIt() {
        let queue = AudioChunkQueue(capacityFrames: 16_000)
        queue.push(Self.chunk(8_000, at: 0))  // ends at 1 s
        let started = Date()
        queue.wait(through: 1_000_000_000, timeout: 30)
        #expect(Date().timeIntervalSince(started) < 10, "already there")
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.push(Self.chunk(8_000, at: 1))
        }
        queue.wait(through: 2_000_000_000, timeout: 30)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(queue.takeAll().count == 2)
        // Nothing comes: the deadline ends it.
        queue.wait(through: 3_000_000_000, timeout: 0.05)
    }
}

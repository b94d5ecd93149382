import CamschedCore
@testable import CamschedCapture
import CamschedMedia
import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

@Suite struct FrameDeliveryTests {
    /// The number drawn into a test-camera frame's pixels.
    static func pixelNumber(_ frame: VideoFrame) -> UInt32? {
        SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: frame.width, height: frame.height, stride: frame.bytesPerLine)
    }

    @Test func twoConsumersShareEveryFrameInOrderWithoutCopies() throws {
        var options = SyntheticCameraOptions()
        options.pixelFormat = .nv12
        options.width = 320
        options.height = 180
        options.fps = 60
        let session = CaptureSession(camera: Camera.synthetic(options: options))
        var request = CameraRequest()
        request.pixelFormat = .nv12
        try session.configure(request, defaultMode: session.camera.currentMode())
        let a = session.addConsumer(capacity: 64)
        let b = session.addConsumer(capacity: 64)
        try session.start(warmup: .zero)
        var fromA: [VideoFrame] = []
        var fromB: [VideoFrame] = []
        while fromA.count < 40 { if let frame = try a.pop(timeout: .seconds(2)) { fromA.append(frame) } }
        while fromB.count < 40 { if let frame = try b.pop(timeout: .seconds(2)) { fromB.append(frame) } }
        session.close()
        // The same objects: shared, not copied.
        #expect(zip(fromA, fromB).allSatisfy { $0 === $1 })
        // The numbers in the pixels: consecutive, none duplicated or reordered.
        let numbers = fromA.compactMap(Self.pixelNumber)
        #expect(numbers.count == 40)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(numbers)")
        #expect(numbers == fromA.map(\.sequence))
    }

    /// The late-consumer race, made certain: the camera is lost after the capture thread
    /// started and before the consumer comes. The consumer gets the loss at once — it used to
    /// wait on an open, empty queue until the job's end (nothing filed, exit 0).
    @Test func aConsumerThatComesAfterTheCameraWasLostGetsTheLoss() throws {
        var options = SyntheticCameraOptions()
        (options.width, options.height, options.fps, options.disconnectAfter) = (320, 180, 30, .milliseconds(100))
        let session = CaptureSession(camera: Camera.synthetic(options: options, uri: "test:late-\(UUID().uuidString)"))
        defer { session.close() }
        var request = CameraRequest()
        request.size = .exact(width: 320, height: 180)
        try session.configure(request)
        try session.start(warmup: .zero)
        // The injected pause: the consumer is added only once the stream has ended on the loss.
        try #require(Wait.until { session.captureThreadEnded })
        let queue = session.addConsumer()
        #expect(throws: CameraError.self) { _ = try queue.pop(timeout: .seconds(2)) }
    }

    @Test func aLateConsumerLosesTheOldestFramesAndTheyAreCounted() throws {
        let queue = FrameQueue(capacity: 4)
        for index in 0..<10 {
            queue.push(try SyntheticPattern.makeFrame(width: 320, height: 64, pixelFormat: .yu12, frameNumber: UInt32(index),
                                                      timestampNanoseconds: Int64(index)))
        }
        #expect(queue.count == 4)
        #expect(queue.discardedFrames == 6)
        var kept: [UInt32] = []
        while let frame = try queue.pop(timeout: .milliseconds(10)) { kept.append(frame.sequence) }
        #expect(kept == [6, 7, 8, 9])
    }

    @Test func finishingAQueueDrainsThenReportsTheError() throws {
        let queue = FrameQueue(capacity: 2)
        queue.push(try SyntheticPattern.makeFrame(width: 320, height: 64, pixelFormat: .yu12, frameNumber: 1, timestampNanoseconds: 1))
        queue.finish(error: .disconnected(path: "test:"))
        #expect(try queue.pop(timeout: .milliseconds(10))?.sequence == 1)
        #expect(throws: CameraError.disconnected(path: "test:")) { _ = try queue.pop(timeout: .milliseconds(10)) }
        #expect(!queue.push(try SyntheticPattern.makeFrame(width: 320, height: 64, pixelFormat: .yu12, frameNumber: 2, timestampNanoseconds: 2)))
    }

    @Test func droppedFramesAreCountedAsSequenceGaps() throws {
        var options = SyntheticCameraOptions()
        options.fastPace = true
        options.dropPercent = 20
        let camera = Camera.synthetic(options: options)
        try camera.open()
        _ = try camera.configure(mode: try #require(camera.currentMode()), fps: 30)
        try camera.startStreaming()
        var sequences: [UInt32] = []
        for _ in 0..<500 { if let frame = try camera.nextFrame(timeout: .seconds(1)) { sequences.append(frame.sequence) } }
        let gaps = zip(sequences, sequences.dropFirst()).map { Int($1 - $0 - 1) }.reduce(0, +)
        #expect(Int(sequences.first ?? 0) + gaps == camera.droppedFrames, "frames lost before the first one count too")
        let share = Double(camera.droppedFrames) / Double(camera.droppedFrames + sequences.count)
        #expect(abs(share - 0.20) < 0.05, "dropped \(share)")
    }

    @Test func disconnectSurfacesWithinASecondAndTheCameraComesBack() throws {
        let uri = "test:?size=320x180&fps=30&disconnectAfter=1s&returnAfter=1s&card=flaky-\(UUID().uuidString.prefix(6))"
        let camera = try DeviceSelector.open([uri])
        let session = CaptureSession(camera: camera)
        try session.configure(CameraRequest(), defaultMode: camera.currentMode())
        let queue = session.addConsumer()
        try session.start(warmup: .zero)
        var lastFrame = Date()
        var caught: CameraError?
        while caught == nil {
            do {
                if try queue.pop(timeout: .seconds(3)) != nil { lastFrame = Date() }
            } catch { caught = error }
        }
        #expect(caught == .disconnected(path: uri))
        #expect(Date().timeIntervalSince(lastFrame) < 1)
        session.close()
        // Not back yet, then back after returnAfter, by its identity.
        #expect(throws: CameraError.self) { _ = try DeviceSelector.reopen(identity: camera.identity, uris: [uri]) }
        var reopened: (Camera)?
        Wait.until(seconds: 10) {
            reopened = try? DeviceSelector.reopen(identity: camera.identity, uris: [uri])
            return reopened != nil
        }
        let again = try #require(reopened, "the camera did not come back")
        #expect(again.identity.stableKey == camera.identity.stableKey)
        again.close()
    }

    @Test func theCamerasOwnRateIsKeptWhenNoneIsAskedEvenIfTheFormatChanges() {
        let modes = [FourCC.yuyv, .mjpg].map { CameraMode(pixelFormat: $0, width: 320, height: 180, frameRates: [60, 30, 15]) }
        let current = CameraMode(pixelFormat: .yuyv, width: 320, height: 180, frameRates: [60])
        let check = ConfigurationCheck.evaluate(CameraRequest(), modes: modes, current: current)
        guard case let .valid(mode, fps) = check else { Issue.record("expected valid, got \(check)"); return }
        #expect(mode.pixelFormat == .mjpg)
        #expect(fps == 60)
    }

    @Test func stillPurposePrefersMJPGAndVideoPrefersNV12() {
        let modes = [FourCC.yuyv, .mjpg, .nv12].map { CameraMode(pixelFormat: $0, width: 640, height: 360, frameRates: [30, 15]) }
        var request = CameraRequest()
        request.size = .exact(width: 640, height: 360)
        request.purpose = .still
        if case let .valid(mode, _) = ConfigurationCheck.evaluate(request, modes: modes, current: nil) { #expect(mode.pixelFormat == .mjpg) }
        else { Issue.record("expected valid") }
        request.purpose = .video
        if case let .valid(mode, _) = ConfigurationCheck.evaluate(request, modes: modes, current: nil) { #expect(mode.pixelFormat == .nv12) }
        else { Issue.record("expected valid") }
        request.fps = 20
        if case let .adjusted(_, fps, reasons) = ConfigurationCheck.evaluate(request, modes: modes, current: nil) {
            #expect(fps == 15)
            #expect(reasons.first?.contains("15 fps") == true)
        } else { Issue.record("expected adjusted") }
        request.size = .exact(width: 1920, height: 1080)
        if case let .invalid(error) = ConfigurationCheck.evaluate(request, modes: modes, current: nil) {
            #expect(error.description.contains("640x360"))
        } else { Issue.record("a size that is not offered must never be substituted") }
    }
}

@Suite struct FrameQueueMemoryTests {
    /// A producer that waits for room and a consumer that keeps up: taken frames are released
    /// at once, however long the stream runs (a frame's memory is freed when it is released).
    @Test func takenFramesAreReleasedEvenIfTheQueueNeverRunsEmpty() throws {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var released = 0
        }
        let counter = Counter()
        let queue = FrameQueue(capacity: 4)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 8)
        defer { storage.deallocate() }
        func frame(_ index: Int) -> VideoFrame {
            VideoFrame(width: 4, height: 2, pixelFormat: .yuyv, bytesPerLine: 8,
                       memory: FrameMemory(bytes: UnsafeRawBufferPointer(storage)) { counter.lock.withLock { counter.released += 1 } },
                       sequence: UInt32(index), timestampNanoseconds: Int64(index), wallClock: Date())
        }
        for index in 0..<3 { queue.pushWaiting(frame(index)) { false } }
        for index in 3..<1000 {
            queue.pushWaiting(frame(index)) { false }
            _ = try queue.pop(timeout: .milliseconds(10))
        }
        // Three frames are still queued; every one of the 997 taken is released the moment it
        // is taken (none waits in the storage for a compaction: a fast file camera had 24 of
        // its pooled buffers alive that way, a V4L2 camera would lose driver buffers).
        #expect(queue.count == 3)
        #expect(counter.lock.withLock { counter.released } == 997)
        // Frames a late consumer loses are released at once too.
        for index in 1000..<1010 { queue.push(frame(index)) }
        #expect(queue.discardedFrames == 9)
        #expect(counter.lock.withLock { counter.released } == 997 + 9)
        #expect(queue.count == 4)
        #expect(try queue.pop(timeout: .milliseconds(10))?.sequence == 1006)
    }
}

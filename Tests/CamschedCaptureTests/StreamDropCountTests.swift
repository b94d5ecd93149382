import CamschedCore
@testable import CamschedCapture
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// What a stream counts as dropped frames: frames the camera lost (gaps in the delivered
/// sequence numbers) and frames its queue let go while the consumer wanted them — never the
/// frames a consumer left on purpose (a time-lapse between shots), nor a warm-up's.
@Suite struct StreamDropCountTests {
    /// - Parameter opened: told each session the stream opens (to count its delivered frames).
    static func stream(fps: Double = 30, dropPercent: Double = 0, warmup: Duration = .zero, capacity: Int = 4,
                       opened: @escaping (CaptureSession) -> Void = { _ in }) -> CameraStream {
        CameraStream(warmup: warmup, queueCapacity: capacity) { () throws(CameraError) -> CaptureSession in
            var options = SyntheticCameraOptions()
            (options.width, options.height, options.fps, options.dropPercent) = (320, 180, fps, dropPercent)
            let session = CaptureSession(camera: Camera.synthetic(options: options, uri: "test:drops-\(UUID().uuidString)"))
            var request = CameraRequest()
            request.size = .exact(width: 320, height: 180)
            request.fps = fps
            try session.configure(request)
            opened(session)
            return session
        }
    }

    /// A stream and the number of frames its camera has delivered so far.
    static func countedStream(dropPercent: Double = 0) -> (CameraStream, delivered: () -> Int) {
        var session: CaptureSession?
        let stream = Self.stream(dropPercent: dropPercent) { session = $0 }
        return (stream, { session?.framesDelivered ?? 0 })
    }

    /// Waits until the camera has delivered `count` frames more than `before` (30 fps: half a
    /// second when the machine keeps up; longer, never fewer frames, when it does not).
    static func waitForFrames(_ count: Int, after before: Int, _ delivered: () -> Int) throws {
        try #require(Wait.until(seconds: 20) { delivered() >= before + count }, "the camera delivered \(delivered() - before) of \(count) frames")
    }

    static func nextFrame(_ stream: CameraStream) throws -> VideoFrame {
        while true {
            if case let .frame(frame)? = try stream.next(timeout: .seconds(2)) { return frame }
        }
    }

    @Test func framesLeftWhileTheConsumerIdlesAreNotDropped() throws {
        let (stream, delivered) = Self.countedStream()
        try stream.start()
        defer { stream.stop() }
        _ = try Self.nextFrame(stream)
        stream.idle()
        // 15 frames into a queue of 4: 11 let go while nobody wanted them.
        try Self.waitForFrames(15, after: delivered(), delivered)
        _ = try Self.nextFrame(stream)
        for _ in 0..<5 { _ = try Self.nextFrame(stream) }
        #expect(stream.droppedFrames == 0)
    }

    @Test func framesLostWhileTheConsumerWantedThemAndWasLateAreDropped() throws {
        let (stream, delivered) = Self.countedStream()
        try stream.start()
        defer { stream.stop() }
        let first = try Self.nextFrame(stream)
        // A consumer that wants every frame and is late by 15 frames (a queue of 4).
        try Self.waitForFrames(15, after: delivered(), delivered)
        var last = first
        for _ in 0..<8 { last = try Self.nextFrame(stream) }
        // Every frame between the two pulled ones the camera made is either pulled or let go.
        let made = Int(last.sequence - first.sequence) - 1
        #expect(stream.droppedFrames == made - 7, "\(made) frames between, 7 of them pulled")
    }

    @Test(arguments: [10.0, 30.0])
    func theCamerasLossesAreCountedExactly(percent: Double) throws {
        let stream = Self.stream(dropPercent: percent, warmup: .milliseconds(200))
        try stream.start()
        defer { stream.stop() }
        var frames = [try Self.nextFrame(stream)]
        for _ in 0..<30 { frames.append(try Self.nextFrame(stream)) }
        let first = try #require(frames.first?.sequence), last = try #require(frames.last?.sequence)
        // Losses before the first delivered frame (the warm-up's) are not the run's.
        let lost = (first + 1..<last).filter { SyntheticBackend.isDropped(sequence: $0, percent: percent) }.count
        #expect(lost > 0)
        #expect(stream.droppedFrames == lost, "the camera lost \(lost) between \(first) and \(last)")
    }

    /// Between a time-lapse's shots nobody wants the frames: those the camera loses meanwhile
    /// are not dropped frames (they would not have been taken).
    @Test func framesTheCameraLosesWhileTheConsumerIdlesAreNotDropped() throws {
        let (stream, delivered) = Self.countedStream(dropPercent: 30)
        try stream.start()
        defer { stream.stop() }
        let first = try Self.nextFrame(stream)
        stream.idle()
        // 10 frames delivered: about 15 made, a third of them lost.
        try Self.waitForFrames(10, after: delivered(), delivered)
        #expect(stream.droppedFrames == 0)
        var last = first
        for _ in 0..<3 { last = try Self.nextFrame(stream) }
        let lostMeanwhile = (first.sequence + 1..<last.sequence).filter { SyntheticBackend.isDropped(sequence: $0, percent: 30) }
        #expect(lostMeanwhile.count > 0, "the camera lost frames while the consumer waited")
        #expect(stream.droppedFrames < lostMeanwhile.count)
    }
}

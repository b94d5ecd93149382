import CamschedCore
@testable import CamschedCapture
import CamschedMedia
import Foundation
import Testing

/// A capture session drops the damaged frames a camera delivers (``DamagedFrameFilter``): the
/// frames handed on are whole, the dropped ones are counted like frames the camera lost, an
/// H.264 stream resumes at its next keyframe, and the log says so folded.
@Suite struct DamagedFrameFilterTests {
    /// A session of the test camera (as fast as frames are taken) with the frames `damaged` damaged.
    static func session(_ format: FourCC, damaged: Set<UInt32>, damage: DamagingBackend.Damage = .cutShort,
                        gop: Int? = nil) throws -> (CaptureSession, CapturedLog.Lines) {
        var options = SyntheticCameraOptions()
        (options.width, options.height, options.fps, options.pixelFormat, options.fastPace, options.gop) = (320, 180, 30, format, true, gop)
        let (logger, lines) = CapturedLog.logger()
        let session = CaptureSession(camera: Camera(DamagingBackend(options, damaging: damaged, damage: damage)), logger: logger)
        var request = CameraRequest()
        (request.size, request.pixelFormat) = (.exact(width: 320, height: 180), format)
        try session.configure(request)
        try session.start(warmup: .zero, deliverFrames: false)
        return (session, lines)
    }

    /// The frames handed on until the camera's frame `last` has gone by.
    static func frames(of session: CaptureSession, through last: UInt32) throws -> [VideoFrame] {
        var frames: [VideoFrame] = []
        for _ in 0..<200 {
            if let frame = try session.takeFrame(timeout: .seconds(2)) { frames.append(frame) }
            if session.sequenceRange?.last ?? 0 >= last { break }
        }
        return frames
    }

    @Test func damagedJPEGsAreDroppedAndCountedAndTheRestHandedOn() throws {
        let (session, lines) = try Self.session(.mjpg, damaged: [3, 7, 8])
        defer { session.close() }
        let frames = try Self.frames(of: session, through: 12)
        #expect(frames.map(\.sequence) == [0, 1, 2, 4, 5, 6, 9, 10, 11, 12])
        for frame in frames { #expect(CompressedFrameValidator.jpegDamage(frame.bytes) == nil) }
        #expect(session.droppedFrames == 3)
        // A still's sidecar says how many were dropped before its frame.
        #expect(frames.map(\.metadata.droppedBefore) == [0, 0, 0, 1, 1, 1, 3, 3, 3, 3])
        #expect(session.framesDelivered == 10)
        #expect(lines.all.count == 1 && lines.all[0].contains("dropped a damaged frame") && lines.all[0].contains("no end of image"),
                "\(lines.all)")
    }

    /// A single still (`camsched snapshot`, a one-shot run) takes the next whole frame within
    /// the same wait: a damaged one is not the camera gone silent.
    @Test func aSingleStillTakesTheNextWholeFrame() throws {
        let (session, _) = try Self.session(.mjpg, damaged: [0, 1, 2])
        defer { session.close() }
        let frame = try #require(try session.takeFrame(timeout: .seconds(2)))
        #expect(frame.sequence == 3 && session.droppedFrames == 3)
    }

    @Test func afterADamagedH264FrameTheStreamResumesAtTheNextKeyframe() throws {
        // Zeros where the rest of the frame should be (a frame cut inside its slice data looks
        // whole to a structural check: only a decoder could tell).
        let (session, _) = try Self.session(.h264, damaged: [13], damage: .zeroTail, gop: 10)
        defer { session.close() }
        let frames = try Self.frames(of: session, through: 25)
        // Frames 14 to 19 are whole but reference 13: dropped up to the keyframe at 20, and counted.
        #expect(frames.map(\.sequence) == Array(0...12) + Array(20...25))
        #expect(session.droppedFrames == 7)
    }

    @Test func refusalsAreLoggedFoldedAndTheRestWhenTheStreamStops() throws {
        let damaged = Set((0..<30).map { UInt32($0 * 2 + 1) })
        let (session, lines) = try Self.session(.mjpg, damaged: damaged)
        // Frame 59 is dropped on the way to 60.
        let frames = try Self.frames(of: session, through: 59)
        #expect(frames.map(\.sequence) == Array(stride(from: 0, through: 60, by: 2)) && session.droppedFrames == 30)
        // The first at once; the 29 after it within 10 s: told when the stream stops.
        #expect(lines.all.count == 1, "\(lines.all)")
        session.close()
        #expect(lines.all.count == 2 && lines.all.last?.contains("dropped 29 more damaged frame(s)") == true
                && lines.all.last?.contains("30 in all") == true, "\(lines.all)")
    }
}

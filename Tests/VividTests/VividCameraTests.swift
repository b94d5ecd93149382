import CamschedCapture
import CamschedTestSupport
import Foundation
import Testing

/// The capture layer's V4L2 back-end against vivid: the same contract as the synthetic and
/// file cameras, and a session that configures, warms up and delivers.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividCameraTests {
    @Test func v4l2CameraKeepsTheContract() throws {
        try VividEnvironment.captureDevice().close()
        try CameraContract.check({ Camera.v4l2(path: VividEnvironment.primary) }, frames: 45)
    }

    @Test func sessionConfiguresTheExactModeAndReadsTheRateBack() throws {
        try VividEnvironment.captureDevice().close()
        let camera = try DeviceSelector.open(["name:vivid"])
        let session = CaptureSession(camera: camera)
        var request = CameraRequest()
        request.size = .exact(width: 640, height: 360)
        request.fps = 14 // not offered: the nearest rate not above it is used and recorded
        request.purpose = .video
        request.exposure = .init(mode: .auto)
        let format = try session.configure(request)
        #expect(format.width == 640 && format.height == 360)
        #expect(format.fps <= 14 && format.fps > 0)
        #expect(session.warnings.contains { $0.contains("exposure") }, "vivid has no exposure control: \(session.warnings)")
        let queue = session.addConsumer()
        try session.start(warmup: .milliseconds(300))
        var frames = 0
        while frames < 10 { if try queue.pop(timeout: .seconds(3)) != nil { frames += 1 } }
        session.close()
        #expect(camera.state == .closed)
    }

    @Test func requiredExposureOnVividIsAnError() throws {
        try VividEnvironment.captureDevice().close()
        let session = CaptureSession(camera: Camera.v4l2(path: VividEnvironment.primary))
        var request = CameraRequest()
        request.exposure = .init(mode: .manual(100), required: true)
        #expect(throws: CameraError.self) { try session.configure(request) }
        session.close()
    }
}

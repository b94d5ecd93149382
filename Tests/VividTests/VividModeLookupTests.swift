import CamschedCore
import CamschedCapture
import CamschedV4L2
import Foundation
import Testing

/// A cold still looks up the one mode it needs instead of enumerating every format, size and
/// rate of the device: the mode and rate it picks must be exactly those the full check picks,
/// and a size the device lacks must still be refused with the whole list of sizes.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividModeLookupTests {
    static let cases: [(CameraRequest.Purpose, FourCC?, Int, Int)] = [
        (.still, nil, 640, 360), (.video, nil, 640, 360), (.still, .yuyv, 1280, 720), (.video, .nv12, 320, 180),
        (.still, .grey, 640, 360),
    ]

    @Test(arguments: 0..<cases.count)
    func narrowLookupChoosesWhatTheFullCheckChooses(index: Int) throws {
        try VividEnvironment.captureDevice().close()
        let (purpose, pixelFormat, width, height) = Self.cases[index]
        var request = CameraRequest()
        request.purpose = purpose
        request.pixelFormat = pixelFormat
        request.size = .exact(width: width, height: height)
        let camera = Camera.v4l2(path: VividEnvironment.primary)
        try camera.open()
        defer { camera.close() }
        guard case let .valid(mode, fps) = ConfigurationCheck.evaluate(request, modes: try camera.modes(), current: camera.currentMode()) else {
            Issue.record("the full check refused \(request)")
            return
        }
        let session = CaptureSession(camera: camera)
        try session.configure(request)
        #expect(session.chosenMode?.mode == mode)
        #expect(session.chosenMode?.fps == fps)
        #expect(session.format?.pixelFormat == (pixelFormat ?? mode.pixelFormat))
        #expect(session.format?.width == width && session.format?.height == height)
    }

    @Test func aSizeTheDeviceLacksIsRefusedWithEverySizeListed() throws {
        try VividEnvironment.captureDevice().close()
        let camera = Camera.v4l2(path: VividEnvironment.primary)
        var request = CameraRequest()
        request.size = .exact(width: 642, height: 360)
        let session = CaptureSession(camera: camera)
        defer { session.close() }
        do {
            try session.configure(request)
            Issue.record("642x360 was accepted")
        } catch {
            guard case let .unsupportedMode(requested, supported) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(requested == "642x360")
            #expect(supported.contains("640x360") && supported.contains("1280x720") && supported.contains("320x180"))
        }
    }

    @Test func aFormatTheDeviceLacksAtThatSizeIsRefused() throws {
        try VividEnvironment.captureDevice().close()
        let camera = Camera.v4l2(path: VividEnvironment.primary)
        var request = CameraRequest()
        request.size = .exact(width: 640, height: 360)
        request.pixelFormat = .mjpg
        let session = CaptureSession(camera: camera)
        defer { session.close() }
        #expect(throws: CameraError.self) { try session.configure(request) }
    }
}

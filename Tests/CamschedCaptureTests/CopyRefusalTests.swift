import CamschedCore
import Testing
@testable import CamschedCapture

/// `codec: "copy"` on a camera that offers nothing copyable at the size asked is refused when
/// its mode is chosen, before anything streams, saying what to change.
@Suite struct CopyRefusalTests {
    /// A camera of fixed modes, as a USB or network camera lists them.
    final class ModeListBackend: CameraBackend {
        let offered: [CameraMode]
        let identity: CameraIdentity
        let decodedStreamCodec: String?

        init(_ offered: [CameraMode], driver: String = "uvcvideo", codec: String? = nil) {
            self.offered = offered
            identity = CameraIdentity(path: "cam", card: "cam", driver: driver, bus: "test")
            decodedStreamCodec = codec
        }

        var droppedFrames: Int { 0 }
        func open() throws(CameraError) {}
        func modes() throws(CameraError) -> [CameraMode] { offered }
        func currentMode() -> CameraMode? { offered.first }
        func controls() throws(CameraError) -> [CameraControl] { [] }
        func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue { value }
        func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { .integer(0) }
        func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
            CameraFormat(pixelFormat: mode.pixelFormat, width: mode.width, height: mode.height, bytesPerLine: 0, fps: fps)
        }
        func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }
        func startStreaming() throws(CameraError) {}
        func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? { nil }
        func stopStreaming() {}
        func close() {}
    }

    static func mode(_ format: FourCC, _ width: Int, _ height: Int) -> CameraMode {
        CameraMode(pixelFormat: format, width: width, height: height, frameRates: [30])
    }

    /// What choosing a mode for a copy of `size` says: nil when it is chosen.
    static func refusal(_ backend: ModeListBackend, size: CameraRequest.Size = .current) throws -> String? {
        let camera = Camera(backend)
        try camera.open()
        defer { camera.close() }
        var request = CameraRequest()
        request.purpose = .copy
        request.size = size
        do {
            _ = try CameraModeChoice.choose(request, camera: camera, defaultMode: nil)
            return nil
        } catch {
            guard case let .cannotCopy(_, reason) = error else { return "unexpected: \(error)" }
            return reason
        }
    }

    @Test func aUSBCameraWithMJPEGOnlyAtOtherSizesSaysWhichSizes() throws {
        let backend = ModeListBackend([Self.mode(.yuyv, 640, 480), Self.mode(.mjpg, 1920, 1080), Self.mode(.mjpg, 1280, 720)])
        let text = try #require(try Self.refusal(backend, size: .exact(width: 640, height: 480)))
        #expect(text.contains("delivers YUYV 640x480 (raw pixels)") && text.contains("it offers MJPG 1920x1080, MJPG 1280x720: set camera.size"),
                "\(text)")
        #expect(try Self.refusal(backend, size: .exact(width: 1280, height: 720)) == nil)
    }

    @Test func aCameraOfRawPicturesOnlySaysToEncode() throws {
        let text = try #require(try Self.refusal(ModeListBackend([Self.mode(.yuyv, 640, 480)])))
        #expect(text.contains("raw pixels") && text.contains("it offers neither at any size, so choose codec \"h264\""), "\(text)")
    }

    @Test func aNetworkCameraNamesTheCodecItStreams() throws {
        let backend = ModeListBackend([Self.mode(.yu12, 1920, 1080)], driver: "camsched-network", codec: "H.265 (HEVC)")
        let text = try #require(try Self.refusal(backend))
        #expect(text.contains("this network camera streams H.265 (HEVC)") && text.contains("set the camera to stream H.264 or MJPEG"), "\(text)")
        #expect(try Self.refusal(ModeListBackend([Self.mode(.h264, 1920, 1080), Self.mode(.yu12, 1920, 1080)], driver: "camsched-network")) == nil)
    }
}

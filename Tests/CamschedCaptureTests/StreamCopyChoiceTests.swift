import CamschedCore
@testable import CamschedCapture
import CamschedTestSupport
import Testing

/// `codec: "auto"`: a camera's modes and a job's request in, copy or encode and the reason out.
@Suite struct StreamCopyChoiceTests {
    static func modes(_ formats: [FourCC], width: Int = 1920, height: Int = 1080,
                      rates: [FourCC: [Double]] = [:]) -> [CameraMode] {
        formats.map { CameraMode(pixelFormat: $0, width: width, height: height, frameRates: rates[$0] ?? [30, 15, 5]) }
    }

    static func request(width: Int = 1920, height: Int = 1080, fps: Double? = 30) -> CameraRequest {
        var request = CameraRequest()
        request.purpose = .copyIfOffered
        request.size = .exact(width: width, height: height)
        request.fps = fps
        return request
    }

    static func mode(_ check: ConfigurationCheck) -> CameraMode? {
        switch check {
        case let .valid(mode, _), let .adjusted(mode, _, _): return mode
        case .invalid: return nil
        }
    }

    @Test func aCameraOfferingMJPGAndYUYVAtTheSizeIsCopiedFromMJPG() {
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: Self.modes([.yuyv, .mjpg]), current: nil,
                                                        needsPixels: nil)
        #expect(choice.copies)
        #expect(choice.reason == "auto: the camera delivers MJPG 1920x1080 at 30 fps, and nothing needs pixels; copied")
        #expect(Self.mode(check)?.pixelFormat == .mjpg)
    }

    @Test func aRawOnlyCameraIsEncodedSayingWhatItLacks() {
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: Self.modes([.yuyv, .nv12]), current: nil,
                                                        needsPixels: nil)
        #expect(!choice.copies)
        // The formats named are those that can be copied (MJPG, JPEG, and H.264 when copied).
        #expect(choice.reason.hasPrefix("auto: the camera offers no MJPG, JPEG") && choice.reason.hasSuffix(" at 1920x1080; encoded"),
                "\(choice.reason)")
        #expect(Self.mode(check)?.pixelFormat == .nv12)
    }

    @Test func MJPGOnlyAtAnotherSizeIsEncoded() {
        let modes = Self.modes([.mjpg], width: 1280, height: 720) + Self.modes([.yuyv])
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: modes, current: nil, needsPixels: nil)
        #expect(!choice.copies)
        #expect(choice.reason.contains("no MJPG, JPEG") && choice.reason.hasSuffix("at 1920x1080; encoded"), "\(choice.reason)")
        #expect(Self.mode(check) == CameraMode(pixelFormat: .yuyv, width: 1920, height: 1080, frameRates: [30, 15, 5]))
    }

    @Test func aRateOnlyTheRawFormatOffersIsKeptByEncoding() {
        let modes = Self.modes([.yuyv, .mjpg], rates: [.mjpg: [15, 5], .yuyv: [30, 15]])
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: modes, current: nil, needsPixels: nil)
        #expect(!choice.copies)
        #expect(choice.reason == "auto: the camera offers MJPG 1920x1080 at up to 15 fps, YUYV at 30 fps; encoded", "\(choice.reason)")
        guard case let .valid(mode, fps) = check else { Issue.record("expected valid, got \(check)"); return }
        #expect(mode.pixelFormat == .yuyv && fps == 30)
    }

    @Test func aRateNoFormatOffersIsCopiedAtTheNearestAsEncodingWouldBe() {
        let modes = Self.modes([.yuyv, .mjpg], rates: [.mjpg: [15], .yuyv: [15]])
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: modes, current: nil, needsPixels: nil)
        #expect(choice.copies)
        guard case let .adjusted(mode, fps, reasons) = check else { Issue.record("expected adjusted, got \(check)"); return }
        #expect(mode.pixelFormat == .mjpg && fps == 15 && !reasons.isEmpty)
    }

    @Test func whatNeedsPixelsIsEncodedWithTheReason() {
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(), modes: Self.modes([.yuyv, .mjpg]), current: nil,
                                                        needsPixels: "zoom 2x is a centre crop on this camera (it has no optical zoom)")
        #expect(!choice.copies)
        #expect(choice.reason == "auto: zoom 2x is a centre crop on this camera (it has no optical zoom), which needs pixels; encoded")
        #expect(Self.mode(check)?.pixelFormat == .yuyv)
    }

    @Test func aRawPixelFormatAskedForIsEncodedAndMJPGAskedForIsCopied() {
        var request = Self.request()
        request.pixelFormat = .yuyv
        let raw = StreamCopyChoice.evaluate(request, modes: Self.modes([.yuyv, .mjpg]), current: nil, needsPixels: nil)
        #expect(!raw.choice.copies && raw.choice.reason.contains("camera.pixelFormat asks for YUYV"), "\(raw.choice.reason)")
        #expect(Self.mode(raw.check)?.pixelFormat == .yuyv)
        request.pixelFormat = .mjpg
        let copied = StreamCopyChoice.evaluate(request, modes: Self.modes([.yuyv, .mjpg]), current: nil, needsPixels: nil)
        #expect(copied.choice.copies)
    }

    @Test func theCamerasOwnSizeAndRateAreCopiedWhenNoneIsAsked() {
        var request = Self.request(fps: nil)
        request.size = .current
        let current = CameraMode(pixelFormat: .yuyv, width: 640, height: 360, frameRates: [25])
        let modes = Self.modes([.yuyv, .mjpg], width: 640, height: 360, rates: [.yuyv: [30, 25], .mjpg: [30, 25]])
        let (check, choice) = StreamCopyChoice.evaluate(request, modes: modes, current: current, needsPixels: nil)
        #expect(choice.reason == "auto: the camera delivers MJPG 640x360 at 25 fps, and nothing needs pixels; copied")
        guard case let .valid(mode, fps) = check else { Issue.record("expected valid, got \(check)"); return }
        #expect(mode.pixelFormat == .mjpg && fps == 25)
    }

    @Test func aSizeNoFormatOffersIsInvalidAsForAnyRecording() {
        let (check, choice) = StreamCopyChoice.evaluate(Self.request(width: 800, height: 600), modes: Self.modes([.yuyv, .mjpg]),
                                                        current: nil, needsPixels: nil)
        #expect(!choice.copies)
        guard case .invalid = check else { Issue.record("expected invalid, got \(check)"); return }
    }

    @Test func onlyADigitalZoomNeedsPixels() {
        var request = Self.request()
        #expect(StreamCopyChoice.needsPixels(request, controls: []) == nil)
        request.zoom = 2
        #expect(StreamCopyChoice.needsPixels(request, controls: [])?.hasPrefix("zoom 2x is a centre crop") == true)
        let optical = CameraControl(meaning: .zoom, name: "zoom_absolute", kind: .integer, minimum: 100, maximum: 500,
                                    step: 1, defaultValue: 100, value: 100)
        #expect(StreamCopyChoice.needsPixels(request, controls: [optical]) == nil)
        request.rotation = 90
        request.mirror = true
        request.zoom = 1
        #expect(StreamCopyChoice.needsPixels(request, controls: []) == nil, "rotation is a display matrix")
    }
}

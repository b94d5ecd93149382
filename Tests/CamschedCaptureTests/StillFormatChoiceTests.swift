import CamschedCore
import Testing
@testable import CamschedCapture

/// Which format a still takes with `size: current` on a camera set to a format a still cannot
/// be made from (an RTSP camera's own H.264, a UVC camera left in H.264): the decoded or raw
/// pictures it offers beside it, never the H.264 the still encoder cannot read.
@Suite struct StillFormatChoiceTests {
    static func modes(_ formats: [FourCC]) -> [CameraMode] {
        formats.map { CameraMode(pixelFormat: $0, width: 640, height: 360, frameRates: [10]) }
    }

    static func format(_ purpose: CameraRequest.Purpose, modes: [CameraMode], current: FourCC) -> FourCC? {
        var request = CameraRequest()
        request.purpose = purpose
        let now = modes.first { $0.pixelFormat == current }
        switch ConfigurationCheck.evaluate(request, modes: modes, current: now) {
        case let .valid(mode, _), let .adjusted(mode, _, _): return mode.pixelFormat
        case .invalid: return nil
        }
    }

    @Test func aNetworkCameraSetToItsH264GivesStillsFromItsDecodedPictures() {
        #expect(Self.format(.still, modes: Self.modes([.h264, .yu12]), current: .h264) == .yu12)
        // A copy still takes the stream's own.
        #expect(Self.format(.copy, modes: Self.modes([.h264, .yu12]), current: .h264) == .h264)
    }

    @Test func aUSBCameraLeftInH264GivesStillsFromItsJPEGOrRawFrames() {
        #expect(Self.format(.still, modes: Self.modes([.h264, .yuyv, .mjpg]), current: .h264) == .mjpg)
        #expect(Self.format(.still, modes: Self.modes([.h264, .yuyv]), current: .h264) == .yuyv)
    }

    @Test func aCameraSetToARawFormatKeepsItForStillsAsBefore() {
        #expect(Self.format(.still, modes: Self.modes([.yuyv, .nv12]), current: .nv12) == .nv12)
    }
}

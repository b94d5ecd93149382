import CamschedCore
@testable import CamschedCapture
import Testing

/// `camsched snapshot` opens its V4L2 camera for one still: the fewest driver buffers and no
/// stable-name scan of /dev/v4l; a job's camera keeps the stream's buffers and its stable name.
@Suite struct DeviceSelectorTests {
    @Test func aCameraForOneStillAsksForTheFewestBuffersAndNoStableName() throws {
        let still = DeviceSelector.candidates(for: .path("/dev/video-camsched-none"), text: "/dev/video-camsched-none", oneStill: true)
        let camera = try #require(still.first?.backend as? V4L2Backend)
        #expect(still.count == 1)
        #expect(camera.bufferCount == V4L2Backend.fewestBuffers)
        #expect(!camera.looksUpStableName)
    }

    @Test func aJobsCameraKeepsTheStreamsBuffersAndItsStableName() throws {
        let job = DeviceSelector.candidates(for: .path("/dev/video-camsched-none"), text: "/dev/video-camsched-none")
        let camera = try #require(job.first?.backend as? V4L2Backend)
        #expect(camera.bufferCount == 6)
        #expect(camera.looksUpStableName)
    }

    @Test func theTestCameraIsNotAffectedByOneStill() {
        let still = DeviceSelector.candidates(for: .test(SyntheticCameraOptions()), text: "test:", oneStill: true)
        #expect(still.count == 1 && still.first?.backend is SyntheticBackend)
    }
}

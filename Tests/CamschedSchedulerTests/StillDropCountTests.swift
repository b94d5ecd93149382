import CamschedCapture
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// A still's sidecar carries the frames its stream lost before the still's frame — exactly, and
/// 0 when nothing was lost, whatever the time-lapse left untaken between its shots.
@Suite struct StillDropCountTests {
    @Test(arguments: [([Int](), [0, 0, 0, 0]), ([3, 4, 15, 27, 28, 29, 31], [0, 2, 3, 6])])
    func eachStillCarriesTheFramesLostBeforeIt(dropped: [Int], expected: [Int]) throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"1s\", \"count\": 4"), fps: 10)
        harness.stream.dropped = Set(dropped)
        var mode = ModeChoice.make(context: harness.context)
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == expected)
    }
}

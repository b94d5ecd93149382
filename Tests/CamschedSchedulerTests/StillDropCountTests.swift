import CamschedCapture
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// A still's sidecar carries the frames its stream lost before the still's frame while they were
/// wanted — exactly, and 0 when nothing was lost, whatever the time-lapse left untaken (or the
/// camera lost) between its shots.
@Suite struct StillDropCountTests {
    @Test(arguments: [([Int](), [0, 0, 0, 0]), ([3, 4, 15, 27, 28, 29, 31], [0, 0, 0, 0]),
                      ([3, 4, 10, 15, 20, 21, 27, 31], [0, 1, 3, 3])])
    func eachStillCarriesTheFramesLostBeforeIt(dropped: [Int], expected: [Int]) throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"1s\", \"count\": 4"), fps: 10)
        harness.stream.dropped = Set(dropped)
        var mode = harness.mode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == expected)
    }

    /// A burst at the camera's rate takes every frame delivered, one filled late and the next
    /// on time (closer together than a frame interval) too: the stills are consecutive frames.
    @Test func aBurstAtTheCamerasRateTakesJitteredFramesToo() throws {
        let harness = try ModeHarness("""
        {"name": "b", "camera": {"device": "test:", "fps": 10, "warmup": "0s"}, "capture": {"burst": {"count": 8}},
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """, fps: 10)
        harness.stream.dropped = [5]
        // Frame 3 filled 40 ms late: frame 4 comes 60 ms after it (the interval is 100 ms).
        harness.stream.lateness = { $0 == 3 ? 40_000_000 : 0 }
        var mode = harness.mode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(stills.compactMap { ($0["sequence"] as? [String: Any])?["first"] as? Int } == [0, 1, 2, 3, 4, 6, 7, 8])
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == [0, 0, 0, 0, 0, 1, 1, 1])
    }
}

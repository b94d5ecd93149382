@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// The slower frame rate between the shots of a time-lapse (``IdleFrameRate``): which rate,
/// for how long, and that every shot still gets a frame at the job's rate.
@Suite struct IdleFrameRateTests {
    /// vivid's rates at 640x360 (`v4l2-ctl --list-frameintervals width=640,height=360,pixelformat=YUYV`).
    static let vivid: [Double] = [1, 2, 4, 5, 10, 12.5, 15, 25, 30, 40]

    @Test func theRateThatLeavesTheFewestFramesIsChosen() throws {
        // 0.95 s at 30 fps: 5 fps until 0.3 s before the shot leaves 12.25 frames instead of 28.5.
        let second = try #require(IdleFrameRate.plan(gap: 950_000_000, rate: 30, offered: Self.vivid))
        #expect(second.fps == 5 && second.lead == 300_000_000)
        let two = try #require(IdleFrameRate.plan(gap: 1_950_000_000, rate: 30, offered: Self.vivid))
        #expect(two.fps == 4 && two.lead == 350_000_000)
        let minute = try #require(IdleFrameRate.plan(gap: 60_000_000_000, rate: 30, offered: Self.vivid))
        #expect(minute.fps == 1 && minute.lead == 1_100_000_000)
    }

    @Test func noSlowerRateWhenItWouldNotSaveAFrame() {
        #expect(IdleFrameRate.plan(gap: 200_000_000, rate: 30, offered: Self.vivid) == nil, "too short a wait")
        #expect(IdleFrameRate.plan(gap: 0, rate: 30, offered: Self.vivid) == nil)
        #expect(IdleFrameRate.plan(gap: -5_000_000, rate: 30, offered: Self.vivid) == nil)
        #expect(IdleFrameRate.plan(gap: 10_000_000_000, rate: 30, offered: [30, 60]) == nil, "nothing slower")
        #expect(IdleFrameRate.plan(gap: 10_000_000_000, rate: 30, offered: []) == nil)
        // Below 1 fps the capture thread's 2 s watchdog could fire between two frames.
        #expect(IdleFrameRate.plan(gap: 10_000_000_000, rate: 30, offered: [0.5, 30]) == nil)
    }

    @Test func anIntervalRunsSlowerBetweenShotsAndAtTheJobsRateForEachShot() throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"1s\", \"count\": 4"), fps: 30)
        harness.stream.offeredFrameRates = [1, 2, 4, 5, 10, 15, 30]
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(stills.count == 4)
        for (k, still) in stills.enumerated() {
            let late = try #require(harness.offset(still["startedAt"])) - Double(k)
            #expect(late >= 0 && late <= 1 / 30 + 1e-6, "shot \(k) \(late) s late: not a frame at 30 fps")
        }
        // After each of the first three shots: 5 fps, then 30 fps again 0.3 s before the next.
        let changes = harness.stream.rateChanges
        #expect(changes.map(\.fps) == [5, 30, 5, 30, 5, 30])
        for (i, change) in changes.enumerated() {
            let expected = Double(i / 2) + (i % 2 == 0 ? 0 : 0.7)
            #expect(change.at >= expected - 1e-6 && change.at < expected + 0.05, "change \(i) at \(change.at) s")
        }
        #expect(harness.stream.info?.format.fps == 30)
    }

    @Test func aCameraThatRefusesIsAskedOnceAndShotsStayOnTime() throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"1s\", \"count\": 4"), fps: 30)
        harness.stream.offeredFrameRates = [5, 30]
        harness.stream.refusesRateChanges = true
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(stills.count == 4)
        // One try at 5 fps and one at the job's rate, in case; then the camera is left alone.
        #expect(harness.stream.rateRequests == 2)
        #expect(harness.stream.rateChanges.isEmpty)
        for (k, still) in stills.enumerated() {
            let late = try #require(harness.offset(still["startedAt"])) - Double(k)
            #expect(late >= 0 && late <= 1 / 30 + 1e-6, "shot \(k) \(late) s late")
        }
    }
}

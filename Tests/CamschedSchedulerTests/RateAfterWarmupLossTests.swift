import CamschedCapture
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// A camera lost during its first warm-up and back later: the recording (and a trigger job)
/// keeps the job's rate — the throttle takes it from the camera's configuration, never from a
/// guess made while the stream had no format yet (which it then asked the camera for when
/// pressure eased: vivid came back at 15 fps and was later set to 30).
@Suite struct RateAfterWarmupLossTests {
    /// serious until `seriousUntil` seconds of the manual clock, nominal after.
    struct ScriptedPressure: PressureSource {
        let clock: ManualCaptureClock
        let seriousUntil: Double
        func read() -> PressureReading? {
            let seconds = clock.now().timeIntervalSince(clock.wallOrigin)
            return PressureReading(source: "test", level: seconds < seriousUntil ? .serious : .nominal, reason: "scripted")
        }
    }

    static func throttle(_ harness: ModeHarness) -> RecordingThrottle {
        let monitor = PressureMonitor(sources: [ScriptedPressure(clock: harness.clock, seriousUntil: 3)], recoverAfter: 1)
        return RecordingThrottle(monitor: monitor, policy: ThrottlePolicy(serious: 20, critical: 15, recoverAfter: 1),
                                 lag: EncoderLagSource())
    }

    static func losingItsFirstWarmup(_ harness: ModeHarness) {
        harness.stream.lostInFirstWarmup = true
        harness.stream.losses = [.init(from: 0, until: 2)]
        harness.stream.offeredFrameRates = [5, 10, 15, 20, 25, 30]
    }

    @Test func aRecordingWhoseCameraWasLostInItsWarmupRunsAtTheJobsRateAfterItsReturn() throws {
        let harness = try ModeHarness(CaptureModeTests.record("\"duration\": \"6s\""), fps: 10)
        Self.losingItsFirstWarmup(harness)
        guard case let .record(spec) = harness.job.capture else { throw CameraError.invalidState("not a record job") }
        try harness.recordMode(spec, throttle: Self.throttle(harness)).run(harness.stream)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(harness.stream.rateChanges.allSatisfy { $0.fps <= 10 }, "asked for \(harness.stream.rateChanges)")
        let files = try harness.sidecars(ext: "mp4")
        #expect(files.map { $0["frames"] as? Int ?? 0 } == [60], "6 s from the first frame (at 2 s), at 10 fps")
        let fps = try #require(files.first?["fps"] as? [String: Any])
        #expect(fps["requested"] as? Double == 10)
        #expect(abs((fps["actual"] as? Double ?? 0) - 10) < 0.01)
    }

    @Test func aTriggerJobWhoseCameraWasLostInItsWarmupKeepsTheJobsRate() throws {
        let harness = try ModeHarness("""
        {"name": "g", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"trigger": {"external": true, "duration": "6s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """, fps: 10)
        Self.losingItsFirstWarmup(harness)
        guard case let .trigger(spec) = harness.job.capture else { throw CameraError.invalidState("not a trigger job") }
        try harness.triggerMode(spec, throttle: Self.throttle(harness), external: ExternalTriggers())
            .run(harness.stream)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(harness.stream.rateChanges.allSatisfy { $0.fps <= 10 }, "asked for \(harness.stream.rateChanges)")
    }
}

import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// The counting rules of the capture modes (Documentation/job-reference.md), on a manual clock.
@Suite struct CaptureModeTests {
    static func interval(_ spec: String) -> String {
        """
        {"name": "t", "camera": {"device": "test:", "warmup": "0s"}, "capture": {"interval": {\(spec)}},
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """
    }

    static func record(_ spec: String) -> String {
        """
        {"name": "r", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"record": {"preset": "ultrafast", \(spec)}}, "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """
    }

    @Test(arguments: [("\"every\": \"1s\", \"duration\": \"3s\"", 3), ("\"every\": \"1s\", \"duration\": \"3500ms\"", 4),
                      ("\"every\": \"2s\", \"count\": 5", 5), ("\"every\": \"500ms\", \"duration\": \"2s\", \"keepOpen\": false", 4)])
    func intervalShotsLieStrictlyBeforeTheEnd(spec: String, shots: Int) throws {
        let harness = try ModeHarness(Self.interval(spec))
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(stills.count == shots, "\(harness.events.all)")
        let every = try #require(harness.job.capture.intervalSpec).every.secondsValue
        for (k, still) in stills.enumerated() {
            let due = try #require(harness.offset(still["scheduledAt"]))
            #expect(abs(due - Double(k) * every) < 0.001, "shot \(k) due at \(due)")
            let late = try #require(harness.offset(still["startedAt"])) - due
            #expect(late >= 0 && late < 0.1 + 1e-6, "the first frame at or after its due time")
        }
    }

    @Test func anIntervalSkipsAndCountsTheShotsDueWhileTheCameraWasAway() throws {
        let harness = try ModeHarness(Self.interval("\"every\": \"1s\", \"count\": 8"))
        harness.stream.losses = [.init(from: 2.5, until: 5.5)]
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let stills = try harness.sidecars(ext: "jpg")
        let due = try stills.map { try #require(harness.offset($0["scheduledAt"])).rounded() }
        #expect(due == [0, 1, 2, 5, 6, 7], "shots 3 and 4 fell in the gap; 5 is taken late (0.5 s) at the return")
        #expect(harness.record.snapshot.skippedShots == 2)
        #expect(harness.record.snapshot.interruptions.count == 1)
    }

    @Test func untilIsExclusiveAndPlanAgrees() throws {
        let harness = try ModeHarness(Self.interval("\"every\": \"1s\", \"until\": \"2027-01-15T08:00:03Z\""))
        let spec = try #require(harness.job.capture.intervalSpec)
        let start = harness.clock.now()
        let planned = spec.plannedShots(start: start, first: start)
        #expect(planned == Int((RFC3339Timestamp.date(from: "2027-01-15T08:00:03Z")!.timeIntervalSince(start)).rounded(.up)))
        let exact = try #require(RFC3339Timestamp.date(from: "2027-01-15T08:00:00Z"))
        #expect(spec.plannedShots(start: exact, first: exact) == 3, "08:00:00, :01, :02 — not :03")
    }

    @Test(arguments: [("10s", "3s", 3), ("9s", "3s", 3), ("8s", "3s", 2), ("6s", "2s", 3)])
    func stillsDuringARecordingAreTheWholePeriods(duration: String, every: String, expected: Int) throws {
        for _ in 0..<2 {
            let harness = try ModeHarness(Self.record("\"duration\": \"\(duration)\", \"stillsEvery\": \"\(every)\""))
            try Self.runRecord(harness)
            let stills = try harness.sidecars(ext: "jpg")
            #expect(stills.count == expected, "⌊\(duration)/\(every)⌋ stills, every run")
            for still in stills { #expect(harness.timestamp(still["scheduledAt"]) != nil, "every still has scheduledAt") }
        }
    }

    @Test func framesPlusDroppedCoverTheRecordingAndSegmentsDoNotOverlap() throws {
        let harness = try ModeHarness(Self.record("\"duration\": \"6s\", \"segment\": \"2s\""), fps: 10)
        harness.stream.dropped = [5, 6, 25, 47]
        try Self.runRecord(harness)
        let segments = try harness.sidecars(ext: "mp4")
        #expect(segments.count == 3)
        #expect(segments.map { ($0["frames"] as? Int ?? 0) + ($0["droppedFrames"] as? Int ?? 0) } == [20, 20, 20])
        #expect(segments.map { $0["droppedFrames"] as? Int ?? -1 } == [2, 1, 1])
        for (earlier, later) in zip(segments, segments.dropFirst()) {
            #expect(try #require(harness.offset(earlier["endedAt"])) <= (try #require(harness.offset(later["startedAt"]))))
        }
        let fps = try #require(segments.first?["fps"] as? [String: Any])
        #expect(abs((fps["actual"] as? Double ?? 0) - 9) < 0.01, "18 frames in 2 s")
    }

    @Test func aLostCameraClosesTheFileAndTheGapIsAnInterruption() throws {
        let harness = try ModeHarness(Self.record("\"duration\": \"6s\", \"segment\": \"2s\""), fps: 10)
        harness.stream.losses = [.init(from: 1.5, until: 3.2)]
        try Self.runRecord(harness)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        let segments = try harness.sidecars(ext: "mp4")
        #expect(segments.map { $0["frames"] as? Int ?? 0 } == [15, 8, 20], "0–1.5 s, 3.2–4 s, 4–6 s")
        // The gap is listed once, by the file that starts after it (3.2–4 s).
        #expect(segments.map { ($0["interruptions"] as? [Any])?.count ?? -1 } == [0, 1, 0])
        let last = try #require(segments[1]["interruptions"] as? [[String: Any]])
        #expect(last.count == 1 && last.first?["reason"] as? String == "disconnected")
        let lostAt = try #require(harness.offset(last.first?["at"]))
        let resumedAt = try #require(harness.offset(last.first?["resumedAt"]))
        #expect(abs(lostAt - 1.5) < 0.001 && abs(resumedAt - 3.2) < 0.001)
        #expect(segments.map { $0["droppedFrames"] as? Int ?? -1 } == [0, 0, 0])
    }

    @Test func aRecordingOfAFileThatEndsEarlyFilesWhatItHadAndFails() throws {
        let harness = try ModeHarness(Self.record("\"duration\": \"6s\""), fps: 10)
        harness.stream.endsAfter = 2
        try Self.runRecord(harness)
        #expect(try harness.sidecars(ext: "mp4").map { $0["frames"] as? Int ?? 0 } == [20])
        #expect(harness.events.errors.count == 1)
    }

    static func runRecord(_ harness: ModeHarness) throws {
        guard case let .record(spec) = harness.job.capture else { throw CameraError.invalidState("not a record job") }
        let monitor = PressureMonitor(sources: [], recoverAfter: 30)
        let mode = harness.recordMode(spec, throttle: RecordingThrottle(monitor: monitor, policy: ThrottlePolicy(), lag: EncoderLagSource()))
        try mode.run(harness.stream)
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// A trigger job is throttled under pressure as a recording is: the open clip's frame rate
/// drops to the job's `serious` rate within 2 s of the level changing, the sidecar lists the
/// change, and the clip still plays to its end.
@Suite struct TriggerPressureTests {
    @Test func aSeriousLevelLowersTheOpenClipsFrameRate() throws {
        let dir = try TemporaryDirectory("trigger-pressure")
        let level = dir.file("level")
        try "nominal".write(to: level, atomically: true, encoding: .utf8)
        let job = try dir.write("hot.json", """
            {"name": "hot-trigger", "camera": {"device": "test:?size=320x180&fps=30", "warmup": "0s"},
             "capture": {"trigger": {"external": true, "preRoll": "1s", "postRoll": "60s", "duration": "10s", "still": false, "preset": "ultrafast"}},
             "throttle": {"serious": 10, "critical": 5, "recoverAfter": "30s"},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let runtime = try TriggerRunTests.runtimeFolder(dir)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress", "--pressure-from", level.path],
                                              environment: ["XDG_RUNTIME_DIR": runtime],
                                              stdout: dir.file("stdout"), stderr: dir.file("stderr"))
        try TriggerRunTests.waitForSocket(runtime: runtime, job: "hot-trigger")
        try TriggerRunTests.fillPreRoll(stderr: dir.file("stderr"), seconds: 1.5)
        kill(process.processIdentifier, SIGUSR1)
        // Three seconds of the clip at full rate (its pre-roll and the first seconds after the
        // event) in its file, then the level changes.
        #expect(PartialMovie.waitForFrames(90, in: dir), "the clip never got three seconds into its file")
        let hot = Date()
        try "serious".write(to: level, atomically: true, encoding: .utf8)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("stderr"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let clips = JobFixtures.filed(dir, ext: "mp4")
        try #require(clips.count == 1, "\(dir.files())")
        let sidecar = try JobFixtures.sidecar(clips[0])
        let changes = (sidecar["pressure"] as? [[String: Any]] ?? []).map { ($0["level"] as? String ?? "", $0["fps"] as? Double ?? -1) }
        #expect(changes.map(\.0) == ["serious"] && changes.map(\.1) == [10], "\(changes)")
        // Frames left out on purpose by the throttle are not dropped frames: the clip's gaps
        // are measured at the rate in force (at 30 fps each 10 fps gap would count two).
        #expect(sidecar["droppedFrames"] as? Int == 0, "droppedFrames: \(sidecar["droppedFrames"] ?? "none")")
        let probe = try MediaProbe.probe(clips[0], withFrameTimes: true)
        #expect(probe.frames == sidecar["frames"] as? Int, "every frame decodes")
        let times = probe.frameTimes.sorted()
        let end = try #require(times.last)
        // The level changed about 4 s into the 10 s run; the last 3 s of the clip are well past
        // the 2 s the throttle may take, and the first second of the clip is before it.
        let start = try #require(times.first)
        #expect(PressureRecordingTests.rate(times, from: start, to: start + 1) > 25, "30 fps before the change")
        #expect(PressureRecordingTests.rate(times, from: end - 3, to: end) <= 11.5, "≤ 10 fps after serious: \(times.suffix(10))")
        #expect(Date().timeIntervalSince(hot) < 30)
    }
}

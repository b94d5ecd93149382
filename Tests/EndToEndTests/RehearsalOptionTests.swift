import CamschedTestSupport
import Foundation
import Testing

/// `camsched run --at/--speed` refuses what a rehearsal cannot do, with the fix, and captures nothing.
@Suite struct RehearsalOptionTests {
    static func job(_ dir: TemporaryDirectory, device: String = "test:?size=320x180", capture: String? = nil) throws -> URL {
        try dir.write("job.json", """
            {"name": "r", "camera": {"device": "\(device)", "warmup": "0s"},
             "capture": \(capture ?? #"{"interval": {"every": "1m", "count": 2}}"#),
             "output": {"root": "out", "path": "{job}/%Y%m%d-%H%M%S-{seq}"},
             "schedule": {"cron": "0 4 * * *", "timezone": "Europe/Lisbon"}}
            """)
    }

    static func refused(_ arguments: [String], device: String = "test:?size=320x180", capture: String? = nil,
                        saying text: String) throws {
        let dir = try TemporaryDirectory()
        let file = try job(dir, device: device, capture: capture)
        let run = try CamschedBinary.run(["run", file.path, "--no-progress"] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(text), "\(arguments): \(run.stderr)")
        #expect(dir.files() == ["job.json"], "\(arguments) filed \(dir.files())")
    }

    @Test func badTimesAndSpeedsAreRefusedWithTheFix() throws {
        try Self.refused(["--at", "2027-02-29T04:00"], saying: "--at 2027-02-29T04:00 is not a time; write it like 2027-06-21T04:00")
        try Self.refused(["--at", "tomorrow"], saying: "is not a time")
        try Self.refused(["--at", "2027-06-21T04:00", "--speed", "0"], saying: "--speed must be from 1 (real time) to 3600")
        try Self.refused(["--at", "2027-06-21T04:00", "--speed=-5"], saying: "--speed must be from 1")
        try Self.refused(["--at", "2027-06-21T04:00", "--speed", "100000"], saying: "found 100000.0")
        // Lisbon's clocks skip 01:00-02:00 on 28 March 2027.
        try Self.refused(["--at", "2027-03-28T01:30"], saying: "does not exist in Europe/Lisbon")
    }

    @Test func speedIsForTimeLapsesAndTheCameraMustFollowTheClock() throws {
        try Self.refused(["--at", "2027-06-21T04:00", "--speed", "60"], capture: #"{"record": {"duration": "10s"}}"#,
                         saying: "--speed applies to interval (time-lapse) jobs only")
        try Self.refused(["--at", "2027-06-21T04:00", "--speed", "60"], device: "test:?size=320x180&pace=fast",
                         saying: "pace=fast runs the camera on its own virtual clock")
        try Self.refused(["--at", "2027-06-21T04:00"], device: "test:?scene=day&timeScale=60",
                         saying: "drop them: --at and --speed drive the scene's clock")
    }

    @Test func aRehearsalAtRealSpeedNamesItsFilesBySimulatedTime() throws {
        let dir = try TemporaryDirectory()
        let file = try Self.job(dir, capture: #"{"interval": {"every": "2s", "count": 2}}"#)
        let run = try CamschedBinary.run(["run", file.path, "--no-progress", "--at", "2027-06-21T04:00:00+01:00",
                                          "--output", dir.file("rehearsed").path])
        #expect(run.status == 0, "\(run.stderr)")
        let stills = dir.files().filter { $0.hasSuffix(".jpg") }
        #expect(stills == ["rehearsed/r/20270621-040000-000001.jpg", "rehearsed/r/20270621-040002-000002.jpg"], "\(dir.files())")
    }
}

import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Example jobs and the schema")
struct ExampleJobsTests {
    @Test func everyExampleLoadsWithoutProblems() throws {
        let files = try RepositoryFiles.exampleJobs()
        #expect(files.map(\.lastPathComponent) == ["around-the-clock.json", "bird-feeder.json", "burst.json", "demo.json", "home-assistant.json",
                                               "network-camera.json", "nightly.json", "recording.json", "sun-timelapse.json", "timelapse.json"])
        for file in files {
            do {
                _ = try JobLoader.load(contentsOf: file)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func demoIsShortAndUsesTheTestCamera() throws {
        let job = try JobLoader.load(contentsOf: RepositoryFiles.root.appendingPathComponent("jobs/demo.json"))
        #expect(job.name == "demo")
        #expect(job.camera.devices == ["test:?size=640x360&fps=30"])
        guard case .interval(let interval) = job.capture else {
            Issue.record("demo is not an interval")
            return
        }
        let planned = SchedulePlanner().fire(of: job, at: Date(timeIntervalSince1970: 0))
        let runTime = (planned.endsAt?.timeIntervalSince1970 ?? 0) + job.camera.warmup(cameraSettles: true).secondsValue
        #expect(runTime < 6, "make demo must finish in a few seconds")
        #expect(interval.count == 5)
        // Relative to jobs/, so the captures land in the repository's ignored captures/ folder.
        #expect(job.output.root == RepositoryFiles.root.appendingPathComponent("captures").standardizedFileURL)
    }

    @Test func nightlyHasItsSchedule() throws {
        let job = try JobLoader.load(contentsOf: RepositoryFiles.root.appendingPathComponent("jobs/nightly.json"))
        let schedule = try #require(job.schedule)
        #expect(schedule.timeZone.identifier == "Europe/Berlin")
        #expect(schedule.missed == .once)
        #expect(try schedule.cron == CronExpression(parsing: "0 22 * * *"))
        let fires = SchedulePlanner().fires(of: job, from: TestDates.date("2026-03-28T12:00:00Z"), count: 2)
        // 22:00 CET, then 22:00 CEST after the change.
        #expect(fires.map { TestDates.text($0.at) } == ["2026-03-28T21:00:00Z", "2026-03-29T20:00:00Z"])
        #expect(fires.first?.totalCaptures == 720)
    }

    static let schemaToolsAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }()

    /// Validates the examples against the schema, and checks that the schema refuses broken
    /// jobs, with Python's `jsonschema` (draft 2020-12).
    @Test(.enabled(if: schemaToolsAvailable, "needs python3 with the jsonschema package"))
    func schemaAcceptsTheExamplesAndRefusesBrokenJobs() throws {
        let script = #"""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        failures = []
        for path in sys.argv[2:]:
            for error in validator.iter_errors(json.load(open(path))):
                failures.append(f"{path}: {list(error.absolute_path)}: {error.message}")
        base = {"name": "x", "capture": {"interval": {"every": "1s", "count": 3}}}
        def variant(change):
            job = json.loads(json.dumps(base))
            change(job)
            return job
        invalid = {
            "unknown top-level key": variant(lambda j: j.update(nmae="y")),
            "unknown key in interval": variant(lambda j: j["capture"]["interval"].update(evry="1s")),
            "unknown capture kind": variant(lambda j: j.update(capture={"intervl": {"every": "1s", "count": 3}})),
            "bad still format enum": variant(lambda j: j.update(still={"format": "gif"})),
            "bad codec enum": variant(lambda j: j.update(capture={"record": {"duration": "1h", "codec": "vp9"}})),
            "bad duration": variant(lambda j: j["capture"]["interval"].update(every="10 s")),
            "two capture kinds": variant(lambda j: j["capture"].update(burst={"count": 3})),
            "interval without an end": variant(lambda j: j["capture"]["interval"].pop("count")),
            "rotation 45": variant(lambda j: j.update(camera={"rotation": 45})),
            "quality 0": variant(lambda j: j.update(still={"quality": 0})),
            "missing name": variant(lambda j: j.pop("name")),
            "path leaving root": variant(lambda j: j.update(output={"path": "../x/{seq}"})),
            "path with a . component": variant(lambda j: j.update(output={"path": "{job}/./a/{seq}"})),
            "zoom 1e300": variant(lambda j: j.update(camera={"zoom": 1e300})),
            "fps 2^64": variant(lambda j: j.update(camera={"fps": 18446744073709551616})),
            "assemble fps 1e-300": variant(lambda j: j["capture"]["interval"].update(assemble={"fps": 1e-300})),
            "warmup 61 s": variant(lambda j: j.update(camera={"warmup": 61})),
            "manual focus 1e300": variant(lambda j: j.update(camera={"focus": {"manual": 1e300}})),
            "manual mode without value": variant(lambda j: j.update(camera={"focus": "manual"})),
            "trigger without motion or external": variant(lambda j: j.update(capture={"trigger": {"preRoll": "3s"}})),
            "trigger with external false only": variant(lambda j: j.update(capture={"trigger": {"external": False}})),
            "trigger preRoll 61 s": variant(lambda j: j.update(capture={"trigger": {"external": True, "preRoll": 61}})),
            "trigger threshold 2": variant(lambda j: j.update(capture={"trigger": {"motion": {"threshold": 2}}})),
            "trigger ignore of 3 numbers": variant(lambda j: j.update(capture={"trigger": {"motion": {"ignore": [[0, 0, 1]]}}})),
            "segment object without every": variant(lambda j: j.update(capture={"record": {"segment": {"align": True}}})),
            "segment every 0.5 s": variant(lambda j: j.update(capture={"record": {"segment": {"every": 0.5, "align": True}}})),
            "schedule always false": variant(lambda j: j.update(schedule={"always": False})),
            "schedule always and cron": variant(lambda j: j.update(schedule={"always": True, "cron": "* * * * *"})),
            "schedule always with missed": variant(lambda j: j.update(schedule={"always": True, "missed": "once"})),
        }
        for label, job in invalid.items():
            if validator.is_valid(job):
                failures.append(f"schema accepted: {label}")
        if not validator.is_valid(base):
            failures.append("schema refused the minimal job")
        print("\n".join(failures))
        sys.exit(1 if failures else 0)
        """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, RepositoryFiles.schema.path]
            + (try RepositoryFiles.exampleJobs()).map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}

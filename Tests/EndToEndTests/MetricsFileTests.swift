import CamschedTestSupport
import Foundation
import Testing

/// `--metrics-file` (issue 30): every run's metrics for node_exporter's textfile collector,
/// checked by Prometheus' own promtool.
@Suite struct MetricsFileTests {
    static let fastCamera = "test:?size=320x180&fps=30&pace=fast"
    static let lastSuccess = "camsched_job_last_success_timestamp_seconds"

    @Test func aSuccessfulRunWritesAValidFileWithHelpAndTypeAndExactCounts() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/tl.json", JobFixtures.interval(device: Self.fastCamera, every: "100ms", count: 4))
        try FileManager.default.createDirectory(at: dir.file("prom"), withIntermediateDirectories: true)
        let before = Date().timeIntervalSince1970
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--metrics-file", dir.file("prom/camsched.prom").path])
        #expect(result.status == 0, "\(result.stderr)")
        let file = dir.file("prom/camsched.prom")
        let check = try MetricsFileText.promtool(file)
        #expect(check.status == 0 && check.output.isEmpty, "promtool: \(check.output)")
        let metrics = try MetricsFileText(contentsOf: file)
        #expect(metrics.familiesWithoutHelpOrType() == [], "\(metrics.text)")
        #expect(metrics.value(#"camsched_files_filed_total{job="tl",kind="still"}"#) == 4, "\(metrics.text)")
        #expect(metrics.value(#"camsched_job_runs_total{job="tl"}"#) == 1)
        #expect(metrics.value(#"camsched_job_failures_total{job="tl"}"#) == 0)
        #expect(metrics.value(#"camsched_capture_lateness_seconds_count{job="tl"}"#) == 4)
        let success = try #require(metrics.value(Self.lastSuccess + #"{job="tl"}"#))
        #expect(success >= before && success <= Date().timeIntervalSince1970 + 1, "\(success)")
        #expect(dir.files().filter { $0.hasPrefix("jobs/out/tl/") && $0.hasSuffix(".jpg") }.count == 4)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("prom").path) == ["camsched.prom"], "no temporary file left")
    }

    @Test func aFailedRunHasLastSuccessZeroAndCountsTheFailure() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/gone.json", JobFixtures.interval(name: "gone", device: "/dev/video97", count: 2))
        let file = dir.file("gone.prom")
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--metrics-file", file.path])
        #expect(result.status == 3, "\(result.stderr)")
        let check = try MetricsFileText.promtool(file)
        #expect(check.status == 0 && check.output.isEmpty, "promtool: \(check.output)")
        let metrics = try MetricsFileText(contentsOf: file)
        #expect(metrics.familiesWithoutHelpOrType() == [], "\(metrics.text)")
        #expect(metrics.value(Self.lastSuccess + #"{job="gone"}"#) == 0, "\(metrics.text)")
        #expect(metrics.value(#"camsched_job_failures_total{job="gone"}"#) == 1)
        #expect(metrics.value(#"camsched_job_runs_total{job="gone"}"#) == 1)
    }

    /// A cron run replaces the whole file; a failed run after a success keeps the success's time
    /// (from the file it replaces), so `time() - last_success` grows while the job fails, and
    /// the run and failure counters go on from the previous run's.
    @Test func eachRunReplacesTheWholeFileAndAFailureKeepsTheLastSuccess() throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write("jobs/tl.json", JobFixtures.interval(device: Self.fastCamera, every: "100ms", count: 2))
        let file = dir.file("m.prom")
        try String(repeating: "# stale content that must not survive\n", count: 2000).write(to: file, atomically: false, encoding: .utf8)
        #expect(try CamschedBinary.run(["run", good.path, "--no-progress", "--metrics-file", file.path]).status == 0)
        let first = try MetricsFileText(contentsOf: file)
        #expect(!first.text.contains("stale"))
        let success = try #require(first.value(Self.lastSuccess + #"{job="tl"}"#))
        #expect(success > 0)
        let bad = try dir.write("jobs/tl-bad.json", JobFixtures.interval(device: "/dev/video97", count: 2))
        #expect(try CamschedBinary.run(["run", bad.path, "--no-progress", "--metrics-file", file.path]).status == 3)
        let second = try MetricsFileText(contentsOf: file)
        #expect(second.value(Self.lastSuccess + #"{job="tl"}"#) == success, "\(second.text)")
        #expect(second.value(#"camsched_job_failures_total{job="tl"}"#) == 1)
        #expect(second.value(#"camsched_job_runs_total{job="tl"}"#) == 2, "the counters count on from run to run")
        #expect(second.value(#"camsched_files_filed_total{job="tl",kind="still"}"#) == nil, "this run filed nothing")
        #expect(dir.files().filter { $0.contains(".tmp") } == [], "\(dir.files())")
    }

    @Test func aPathThatCannotBeWrittenIsExitTwoBeforeCapture() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/tl.json", JobFixtures.interval(device: Self.fastCamera, count: 2))
        try FileManager.default.createDirectory(at: dir.file("folder.prom"), withIntermediateDirectories: true)
        // /sys takes no new file, for root too.
        let cases: [(String, String)] = [
            (dir.file("missing/m.prom").path, "does not exist"),
            (dir.file("folder.prom").path, "is a folder"),
            ("/sys/camsched-test.prom", "cannot create a file in /sys"),
        ]
        for (path, words) in cases {
            let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--metrics-file", path])
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("--metrics-file") && result.stderr.contains(words), "\(path): \(result.stderr)")
        }
        #expect(!dir.files().contains { $0.hasSuffix(".jpg") }, "nothing captured: \(dir.files())")
        #expect(!FileManager.default.fileExists(atPath: dir.file("missing").path))
        #expect(!FileManager.default.fileExists(atPath: "/sys/camsched-test.prom"))
    }

    /// The daemon (and a timer unit) take the file from CAMSCHED_METRICS_FILE: it is there from
    /// the start with every scheduled job at 0, and written once more at the stop.
    @Test func theDaemonWritesTheFileFromItsEnvironmentFromTheStart() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", """
        {"name": "yearly", "camera": {"device": "\(Self.fastCamera)", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "output": {"root": "../out", "path": "{job}/{seq}"},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """)
        let file = dir.file("daemon.prom")
        let process = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                              environment: ["CAMSCHED_METRICS_FILE": file.path],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { process.terminate() } }
        #expect(Wait.until(seconds: 10, every: 0.1) { FileManager.default.fileExists(atPath: file.path) })
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let check = try MetricsFileText.promtool(file)
        #expect(check.status == 0 && check.output.isEmpty, "promtool: \(check.output)")
        let metrics = try MetricsFileText(contentsOf: file)
        #expect(metrics.familiesWithoutHelpOrType() == [], "\(metrics.text)")
        #expect(metrics.value(Self.lastSuccess + #"{job="yearly"}"#) == 0, "\(metrics.text)")
        #expect(metrics.value(#"camsched_job_runs_total{job="yearly"}"#) == 0)
    }

    /// `/metrics` of the status server has the same HELP lines, and `last_success` is there (at 0)
    /// while the first run is still going; a run stopped by SIGINT writes the file once more.
    @Test func liveMetricsHaveHelpAndTheFileIsWrittenAtAStop() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("live.json", JobFixtures.record(name: "live", duration: "20s"))
        let file = dir.file("live.prom")
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0", "--metrics-file", file.path], in: dir)
        #expect(try live.wait(seconds: 15) { try live.job("live")["streaming"] as? Bool == true }, "\(live.log)")
        let scraped = dir.file("scraped.txt")
        try live.get("/metrics").text.write(to: scraped, atomically: true, encoding: .utf8)
        let check = try MetricsFileText.promtool(scraped)
        #expect(check.status == 0 && check.output.isEmpty, "promtool on /metrics: \(check.output)")
        let metrics = try MetricsFileText(contentsOf: scraped)
        #expect(metrics.familiesWithoutHelpOrType() == [], "\(metrics.text)")
        #expect(metrics.value(Self.lastSuccess + #"{job="live"}"#) == 0, "\(metrics.text)")
        #expect(live.stop(SIGINT) == 130)
        let written = try MetricsFileText(contentsOf: file)
        #expect(written.familiesWithoutHelpOrType() == [], "\(written.text)")
        #expect(written.value(#"camsched_job_runs_total{job="live"}"#) == 1, "\(written.text)")
        #expect(written.value(#"camsched_job_failures_total{job="live"}"#) == 0, "a stop is not a failure")
        #expect(written.value(#"camsched_files_filed_total{job="live",kind="segment"}"#) == 1, "\(written.text)")
        #expect(written.value(Self.lastSuccess + #"{job="live"}"#) == 0)
    }
}

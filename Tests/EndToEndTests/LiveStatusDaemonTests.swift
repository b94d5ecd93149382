import CamschedTestSupport
import Foundation
import Testing

/// `camsched daemon --listen`: the scheduled job idle with its next fire, started on request
/// (202 with the run id, 409 while it runs), then the same live views as `run`.
@Suite(.serialized) struct LiveStatusDaemonTests {
    @Test func daemonListsStartsAndShowsAJob() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", """
        {"name": "yearly", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
         "capture": {"record": {"duration": "12s", "preset": "ultrafast"}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"},
         "retention": {"maxAge": "30d", "minFree": "100MB"},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        let idle = try live.job("yearly")
        #expect(idle["state"] as? String == "idle")
        #expect((idle["nextFireAt"] as? String)?.contains("-01-01T00:00:00") == true, "\(idle)")
        #expect(idle["lastRun"] is NSNull)
        #expect(try live.get("/jobs/yearly/preview.jpg").status == 404, "no preview without a stream")

        let started = try live.post("/api/jobs/yearly/run")
        #expect(started.status == 202, "\(started.text)")
        let runID = try #require((try JSONSerialization.jsonObject(with: Data(started.body)) as? [String: Any])?["run"] as? String)
        #expect(try live.post("/api/jobs/yearly/run").status == 409, "a job never overlaps itself")
        #expect(try live.post("/api/jobs/nope/run").status == 404)
        #expect(try live.post("/api/jobs/yearly/trigger").status == 409, "not a trigger job")
        #expect(try live.post("/api/jobs/nope/trigger").status == 404)

        #expect(try live.wait(seconds: 10) { try live.job("yearly")["streaming"] as? Bool == true }, "\(live.log)")
        #expect(try live.job("yearly")["run"] as? String == runID)
        let first = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        try live.waitForFramesAndSample(job: "yearly", after: first)
        let second = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        #expect(PrometheusText.value(second, "camsched_frames_captured_total", job: "yearly") ?? 0
                > PrometheusText.value(first, "camsched_frames_captured_total", job: "yearly") ?? 0)
        let preview = try live.get("/jobs/yearly/preview.jpg")
        try Data(preview.body).write(to: dir.file("daemon.jpg"))
        let probe = try MediaProbe.probe(dir.file("daemon.jpg"))
        #expect(probe.width == 320 && probe.height == 180)
        #expect(try LiveStatusRunTests.mjpegParts(port: live.port, job: "yearly", atLeast: 3) >= 2)
        try LiveStatusRunTests.checkPage(port: live.port, job: "yearly", state: "running", size: "320x180", in: dir)

        #expect(try live.wait(seconds: 20) { try live.job("yearly")["state"] as? String == "idle" })
        let done = try live.job("yearly")
        let lastRun = try #require(done["lastRun"] as? [String: Any])
        #expect(lastRun["id"] as? String == runID && lastRun["status"] as? String == "done", "\(lastRun) \(live.log)")
        #expect(lastRun["files"] as? Int == 1)
        let runs = try JSONSerialization.jsonObject(with: Data(try live.get("/api/runs?job=yearly").body)) as? [String: Any]
        #expect(((runs?["runs"] as? [[String: Any]]) ?? []).map { $0["id"] as? String } == [runID])
        let metrics = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        #expect(metrics.contains { $0.name == "camsched_files_filed_total" && $0.labels["job"] == "yearly" && $0.value == 1 })
        #expect(PrometheusText.value(metrics, "camsched_job_last_success_timestamp_seconds", job: "yearly") ?? 0
                > Date().timeIntervalSince1970 - 120)
        #expect(live.stop(SIGTERM) == 143)
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// One bad job never stops the others under `daemon`: a job whose device URI holds a value out
/// of range is refused at load (as `validate` refuses it), a job that fails at run time is a
/// failed run, and the daemon goes on running the good one (issue 26: `test:?fps=1e-300`
/// started by `POST /api/jobs/bad/run` took the whole daemon down).
@Suite(.serialized) struct DaemonBadJobTests {
    static func job(_ name: String, device: String) -> String {
        """
        {"name": "\(name)", "camera": {"device": "\(device)", "warmup": "0s"},
         "capture": {"interval": {"every": "200ms", "count": 2}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """
    }

    @Test(.timeLimit(.minutes(2)))
    func badJobsNeverStopTheDaemon() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/good.json", Self.job("good", device: "test:?size=320x180&fps=15&pace=fast"))
        try dir.write("jobs/tiny.json", Self.job("tiny", device: "test:?fps=1e-300"))
        try dir.write("jobs/never.json", Self.job("never", device: "test:?dropPercent=99.999"))
        try dir.write("jobs/gone.json", Self.job("gone", device: "file:missing.mp4"))
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        #expect(live.log.contains("fps=1e-300: fps is a frame rate from 0.1 to 240"), "\(live.log)")
        #expect(live.log.contains("dropPercent is a percentage from 0 to 99.9"), "\(live.log)")
        for refused in ["tiny", "never"] {
            #expect(try live.post("/api/jobs/\(refused)/run").status == 404, "\(refused) was refused at load")
        }
        // A job that fails when it runs is a failed run; the daemon answers and goes on.
        #expect(try live.post("/api/jobs/gone/run").status == 202)
        #expect(live.wait(seconds: 20) { live.log.contains("job gone exited with 3") }, "\(live.log)")
        #expect(try live.post("/api/jobs/good/run").status == 202)
        #expect(try live.wait(seconds: 30) { (try live.job("good")["lastRun"] as? [String: Any])?["status"] as? String == "done" },
                "\(live.log)")
        #expect(dir.files().filter { $0.hasPrefix("out/good/") && $0.hasSuffix(".jpg") }.count == 2, "\(dir.files())")
        #expect(live.process.isRunning)
        #expect(live.stop(SIGTERM) == 143)
    }
}

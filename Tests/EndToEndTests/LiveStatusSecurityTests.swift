import CamschedTestSupport
import Foundation
import Testing

/// Who may reach the status server: loopback without a token; anything else only with one,
/// and then every request carries it.
@Suite(.serialized) struct LiveStatusSecurityTests {
    @Test func nonLoopbackWithoutATokenExits2BeforeCapturing() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("j.json", JobFixtures.interval(name: "sec"))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress", "--listen", "0.0.0.0:0"], timeout: 30)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--token-file"), "\(run.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").isEmpty, "nothing was captured")
        try dir.write("jobs/d.json", """
        {"name": "d", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1s", "count": 1}},
         "schedule": {"cron": "0 0 1 1 *"}}
        """)
        let daemon = try CamschedBinary.run(["daemon", dir.file("jobs").path, "--listen", "0.0.0.0:0"], timeout: 30)
        #expect(daemon.status == 2 && daemon.stderr.contains("--token-file"), "\(daemon.stderr)")
        let bad = try CamschedBinary.run(["run", job.path, "--listen", "127.0.0.1:http"], timeout: 30)
        #expect(bad.status == 2 && bad.stderr.contains("port"), "\(bad.stderr)")
    }

    @Test func tokenFilesThatOthersCanReadOrThatAreEmptyAreRefused() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("j.json", JobFixtures.interval(name: "sec"))
        let open = try dir.write("open.token", "s3cret\n")
        chmod(open.path, 0o644)
        let readable = try CamschedBinary.run(["run", job.path, "--listen", "0.0.0.0:0", "--token-file", open.path], timeout: 30)
        #expect(readable.status == 2 && readable.stderr.contains("chmod 600"), "\(readable.stderr)")
        let empty = try dir.write("empty.token", "\n")
        chmod(empty.path, 0o600)
        let blank = try CamschedBinary.run(["run", job.path, "--listen", "0.0.0.0:0", "--token-file", empty.path], timeout: 30)
        #expect(blank.status == 2 && blank.stderr.contains("empty"), "\(blank.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").isEmpty)
    }

    @Test func withATokenEveryRequestNeedsIt() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("j.json", JobFixtures.record(name: "tok", device: "test:?size=320x180&fps=10", duration: "20s"))
        let token = try dir.write("t.token", "Zm9vYmFyLXRva2VuLTEyMzQ1\n")
        chmod(token.path, 0o600)
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "0.0.0.0:0", "--token-file", token.path], in: dir)
        for path in ["/", "/api/status", "/metrics", "/jobs/tok/preview.jpg"] {
            let refused = try live.get(path)
            #expect(refused.status == 401, "\(path) without the token")
            #expect(refused.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        }
        #expect(try live.get("/api/status", headers: ["Authorization": "Bearer wrong-token-123456789"]).status == 401)
        #expect(try live.get("/api/status", headers: ["Authorization": "Basic Zm9vYmFyLXRva2VuLTEyMzQ1"]).status == 401)
        #expect(try HTTPProbe.request(port: live.port, "/api/jobs/tok/run", method: "POST").status == 401)
        let granted = try live.get("/api/status", headers: ["Authorization": "Bearer Zm9vYmFyLXRva2VuLTEyMzQ1"])
        #expect(granted.status == 200)
        #expect(try live.get("/metrics", headers: ["Authorization": "Bearer Zm9vYmFyLXRva2VuLTEyMzQ1"]).status == 200)
        #expect(live.stop(SIGTERM) == 143)
    }

    @Test func loopbackRefusesForeignHostsAndCrossSitePosts() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("j.json", JobFixtures.record(name: "lo", device: "test:?size=320x180&fps=10", duration: "20s"))
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.get("/api/status").status == 200)
        // A page that rebinds its own name to 127.0.0.1 still sends its own Host header.
        #expect(try live.get("/api/status", headers: ["Host": "evil.example:\(live.port)"]).status == 421)
        let crossSite = try HTTPProbe.request(port: live.port, "/api/jobs/lo/run", method: "POST", headers: ["Origin": "http://evil.example"])
        #expect(crossSite.status == 403)
        #expect(try live.post("/api/jobs/lo/run").status == 409, "the job of `run` runs as long as the process")
        #expect(live.stop(SIGTERM) == 143)
    }
}

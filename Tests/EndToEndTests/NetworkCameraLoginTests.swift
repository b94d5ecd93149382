import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// A network camera that asks for a login, through the binary, against the real RTSP server
/// (`scripts/rtsp-test-server.py --user --password`, basic authentication): the login from a
/// credentials file of mode 600 or from the environment records every frame, and the password
/// is in no output, log line, sidecar, catalog row, status answer or command line; a wrong or
/// missing login and a file others can read each end with the fix.
@Suite struct NetworkCameraLoginTests {
    static let user = "shed"
    /// With `:`, `@`, `/`, `%` and a space: what the URL must carry percent-encoded.
    static let password = "Pw:7@gate/%41 zq"

    /// `user:password` in `name` with `mode`.
    static func credentials(_ dir: TemporaryDirectory, _ name: String = "shed.credentials", mode: Int = 0o600,
                            password: String = password) throws -> URL {
        let file = try dir.write(name, "\(user):\(password)\n")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }

    static func job(_ dir: TemporaryDirectory, name: String, device: String, credentials: String? = nil,
                    record: String = #""duration": "4s", "segment": "2s""#, hooks: String? = nil) throws -> URL {
        let login = credentials.map { #", "credentials": \#($0)"# } ?? ""
        let hooks = hooks.map { #", "hooks": \#($0)"# } ?? ""
        return try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(device)"\(login)}, "capture": {"record": {\(record)}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}\(hooks)}
            """)
    }

    /// The password, as written and percent-encoded, in none of `texts` nor any file under
    /// `dir` but the credentials files, nor the catalog's rows.
    static func expectNoPassword(_ dir: TemporaryDirectory, _ texts: [String: String]) throws {
        let forms = [password, "Pw:7@gate", "%41 zq", "Pw%3A7%40gate"]
        for (place, text) in texts {
            #expect(!forms.contains { text.contains($0) }, "the password in \(place): \(text)")
        }
        for name in dir.files() where !name.hasSuffix(".credentials") {
            let bytes = (try? Data(contentsOf: dir.file(name))) ?? Data()
            #expect(!forms.contains { bytes.range(of: Data($0.utf8)) != nil }, "the password in \(name)")
        }
        let catalog = dir.file("out/catalog.sqlite")
        #expect(FileManager.default.fileExists(atPath: catalog.path), "a catalog was written")
        let dump = try ProcessRunner.run("/usr/bin/sqlite3", [catalog.path, ".dump"])
        #expect(dump.status == 0 && dump.stdout.contains("INSERT INTO"), "\(dump.stderr)")
        #expect(!forms.contains { dump.stdout.contains($0) }, "the password in the catalog")
    }

    /// Files of `job`, each 2 s of the server's 10 fps: 20 frames that play, as the sidecar says.
    static func expectRecorded(_ dir: TemporaryDirectory, job: String, files count: Int) throws {
        let files = RTSPCameraTests.files(dir, job: job)
        #expect(files.count == count, "\(files.map(\.lastPathComponent))")
        for file in files {
            #expect(try MediaProbe.probe(file).frames == 20, "\(file.lastPathComponent)")
            #expect(try JobFixtures.sidecar(file)["frames"] as? Int == 20)
        }
    }

    @Test func aLoginFromAFileRecordsAndThePasswordIsNowhere() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir, login: (Self.user, Self.password))
        _ = try Self.credentials(dir)
        let job = try Self.job(dir, name: "shed", device: "rtsp://127.0.0.1:\(server.port)/h264", credentials: #""shed.credentials""#)
        let run = try LiveStatusProcess(["run", job.path, "--listen", "127.0.0.1:0", "--no-progress", "--json"], in: dir,
                                        environment: NetworkCameraTests.quiet)
        #expect(run.wait(seconds: 30) { (try? run.job("shed")["streaming"] as? Bool) == true }, "\(run.log)")
        let pid = run.process.processIdentifier
        var texts = [
            "/proc/PID/cmdline": (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "",
            "/proc/PID/comm": (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "",
            "/proc/PID/environ": (try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)) ?? "",
        ]
        #expect(texts["/proc/PID/cmdline"]?.contains("run") == true, "the command line was read")
        for path in ["/api/status", "/metrics", "/api/runs?job=shed", "/"] { texts[path] = try run.get(path).text }
        #expect(texts["/api/status"]?.contains(#""name":"shed""#) == true, "\(texts["/api/status"] ?? "")")
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 0, "\(run.log)")
        try Self.expectRecorded(dir, job: "shed", files: 2)
        try Self.expectNoPassword(dir, texts)
    }

    @Test func aLoginFromTheEnvironmentRecordsToo() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir, login: (Self.user, Self.password))
        let login = "\(Self.user):\(Self.password)"
        // CAMSCHED_CAMERA_CREDENTIALS, which every network camera of the process logs in with.
        // A hook that prints its environment into camsched's log does not get it.
        let copy = try Self.job(dir, name: "env", device: "rtsp://127.0.0.1:\(server.port)/mjpeg",
                                record: #""duration": "2s", "codec": "copy""#, hooks: #"{"onFile": "env"}"#)
        let first = try CamschedBinary.run(["run", copy.path, "--no-progress", "--json"],
                                           environment: ["CAMSCHED_CAMERA_CREDENTIALS": login], timeout: 60)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("CAMSCHED_JOB=env"), "the hook's environment is logged: \(first.stderr)")
        try Self.expectRecorded(dir, job: "env", files: 1)
        // A variable the job names.
        let named = try Self.job(dir, name: "named", device: "rtsp://127.0.0.1:\(server.port)/h264",
                                 credentials: #"{"environment": "SHED_CAMERA"}"#, record: #""duration": "2s""#, hooks: #"{"onFile": "env"}"#)
        let second = try CamschedBinary.run(["run", named.path, "--no-progress", "--json", "--log-level", "debug"],
                                            environment: ["SHED_CAMERA": login], timeout: 60)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("CAMSCHED_JOB=named"), "the hook's environment is logged: \(second.stderr)")
        try Self.expectRecorded(dir, job: "named", files: 1)
        try Self.expectNoPassword(dir, ["stdout": first.stdout + second.stdout, "stderr": first.stderr + second.stderr])
    }

    /// Digest authentication, as many IP cameras ask for RTSP: the same file, the same URL.
    @Test func aDigestLoginRecordsToo() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir, login: (Self.user, Self.password), digest: true)
        _ = try Self.credentials(dir)
        let job = try Self.job(dir, name: "digest", device: "rtsp://127.0.0.1:\(server.port)/mjpeg", credentials: #""shed.credentials""#,
                               record: #""duration": "2s", "codec": "copy""#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectRecorded(dir, job: "digest", files: 1)
        try Data("\(Self.user):\(Self.password)x\n".utf8).write(to: dir.file("shed.credentials"))
        let wrong = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(wrong.status == 3 && wrong.stderr.contains("401 Unauthorized to the user shed"), "\(wrong.stderr)")
        try Self.expectNoPassword(dir, ["run": result.stdout + result.stderr + wrong.stderr])
    }

    @Test func aRefusedLoginSaysWhereToPutTheRightOne() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir, login: (Self.user, Self.password))
        let device = "rtsp://127.0.0.1:\(server.port)/h264"
        let wrong = try Self.credentials(dir, "wrong.credentials", password: "Pw:7@gate/%41 zq-old")
        let job = try Self.job(dir, name: "w", device: device, credentials: #""wrong.credentials""#)
        let refused = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(refused.status == 3, "as for a camera that cannot be reached: \(refused.stderr)")
        #expect(refused.stderr.contains("the network camera \(device) refused the login") && refused.stderr.contains("401 Unauthorized")
                && refused.stderr.contains("the credentials file \(wrong.path)"), "\(refused.stderr)")
        // None given: where to give one.
        let bare = try Self.job(dir, name: "n", device: device)
        let none = try CamschedBinary.run(["run", bare.path, "--no-progress"], timeout: 60)
        #expect(none.status == 3, "\(none.stderr)")
        #expect(none.stderr.contains("refused the login") && none.stderr.contains("none was given")
                && none.stderr.contains("camera.credentials") && none.stderr.contains("CAMSCHED_CAMERA_CREDENTIALS"), "\(none.stderr)")
        // From the environment: that variable named.
        let env = try CamschedBinary.run(["snapshot", "--device", device, "-o", dir.file("x.jpg").path],
                                         environment: ["CAMSCHED_CAMERA_CREDENTIALS": "\(Self.user):nope-pw"], timeout: 60)
        #expect(env.status == 3 && env.stderr.contains("the environment variable CAMSCHED_CAMERA_CREDENTIALS"), "\(env.stderr)")
        #expect(!env.stderr.contains("nope-pw"))
        let probe = try CamschedBinary.run(["devices", "--probe", device, "--credentials", wrong.path], timeout: 60)
        #expect(probe.status == 3 && probe.stderr.contains("refused the login"), "\(probe.stderr)")
        #expect(RTSPCameraTests.files(dir, job: "w").isEmpty && RTSPCameraTests.files(dir, job: "n").isEmpty)
        try Self.expectNoPassword(dir, ["run": refused.stdout + refused.stderr, "probe": probe.stdout + probe.stderr])
    }

    @Test func aPasswordChangedWhileTheRunWaitsIsTakenUpFromTheCorrectedFile() throws {
        let dir = try TemporaryDirectory()
        var server = try RTSPCameraTests.Server(dir, login: (Self.user, Self.password))
        let port = server.port
        let file = try Self.credentials(dir)
        let job = try Self.job(dir, name: "r", device: "rtsp://127.0.0.1:\(port)/h264", credentials: #""shed.credentials""#,
                               record: #""duration": "12s", "segment": "3s""#)
        let run = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--json", "--log-level", "debug"],
                                          environment: NetworkCameraTests.quiet, stdout: dir.file("r.out"), stderr: dir.file("r.err"))
        #expect(Wait.forFile(dir.file("out/r/segment-000001.mp4.json"), seconds: 30), "the first file is filed")
        server.stop()
        // The camera comes back with another password: the run waits, saying why.
        let changed = Self.password + "-new"
        server = try RTSPCameraTests.Server(dir, port: port, login: (Self.user, changed))
        #expect(Wait.until(seconds: 20) {
            ((try? String(contentsOf: dir.file("r.err"), encoding: .utf8)) ?? "").contains("refused the login")
        }, "the refusal is logged")
        try Data("\(Self.user):\(changed)\n".utf8).write(to: file)
        let back = Date()
        run.waitUntilExit()
        try NetworkCameraTests.expectOneGap(run, dir: dir, job: "r", back: back, files: 3)
        let log = try String(contentsOf: dir.file("r.err"), encoding: .utf8)
        #expect(log.contains("the credentials file \(file.path)"), "\(log)")
        #expect(!log.contains(changed) && !log.contains(Self.password), "\(log)")
    }

    /// MJPEG over HTTP behind basic authentication (Python's http.server): one JPEG ten times a
    /// second to `shed` with the password, 403 to `guest`, 401 to anyone else.
    static let httpServer = #"""
        import base64, http.server, sys, time
        jpeg = open(sys.argv[1], "rb").read()
        allowed = "Basic " + base64.b64encode(sys.argv[2].encode()).decode()
        guest = "Basic " + base64.b64encode(b"guest:guest").decode()
        class Camera(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                given = self.headers.get("Authorization")
                if given != allowed:
                    self.send_response(403 if given == guest else 401)
                    self.send_header("WWW-Authenticate", 'Basic realm="camera"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(jpeg) + jpeg + b"\r\n")
                        self.wfile.flush()
                        time.sleep(0.1)
                except OSError:
                    pass
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Camera)
        print("listening", server.server_address[1], flush=True)
        server.serve_forever()
        """#

    @Test func anHTTPCameraTakesTheLoginToo() throws {
        let dir = try TemporaryDirectory()
        let still = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "-o", dir.file("frame.jpg").path])
        try #require(still.status == 0, "\(still.stderr)")
        let script = try dir.write("camera.py", Self.httpServer)
        let server = try ProcessRunner.start("/usr/bin/python3", [script.path, dir.file("frame.jpg").path, "\(Self.user):\(Self.password)"],
                                             stdout: dir.file("http.out"), stderr: dir.file("http.err"))
        defer { server.terminate(); server.waitUntilExit() }
        var port: Int?
        _ = Wait.until(seconds: 20) {
            port = ((try? String(contentsOf: dir.file("http.out"), encoding: .utf8)) ?? "").split(separator: " ").last
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return port != nil
        }
        let device = "http://127.0.0.1:\(try #require(port))/video.mjpg"
        _ = try Self.credentials(dir)
        let job = try Self.job(dir, name: "web", device: device, credentials: #"{"file": "shed.credentials"}"#,
                               record: #""duration": "2s", "codec": "copy""#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let files = RTSPCameraTests.files(dir, job: "web")
        #expect(files.count == 1)
        for file in files {
            // The server sends at its own pace: 10 a second at most, fewer when the machine is busy.
            let frames = try MediaProbe.probe(file).frames
            #expect(try (15...21).contains(frames) && JobFixtures.sidecar(file)["frames"] as? Int == frames, "\(frames)")
        }
        let guest = try Self.credentials(dir, "guest.credentials", password: "guest")
        try Data("guest:guest\n".utf8).write(to: guest)
        let forbidden = try CamschedBinary.run(["devices", "--probe", device, "--credentials", guest.path])
        #expect(forbidden.status == 3 && forbidden.stderr.contains("403 Forbidden")
                && forbidden.stderr.contains("the user guest from the credentials file \(guest.path)"), "\(forbidden.stderr)")
        let none = try CamschedBinary.run(["devices", "--probe", device])
        #expect(none.status == 3 && none.stderr.contains("none was given"), "\(none.stderr)")
        try Self.expectNoPassword(dir, ["run": result.stdout + result.stderr])
    }

    @Test func aCredentialsFileOthersCanReadIsRefusedWithChmod() throws {
        let dir = try TemporaryDirectory()
        let open = try Self.credentials(dir, "open.credentials", mode: 0o644)
        let job = try Self.job(dir, name: "o", device: "rtsp://127.0.0.1:9/h264", credentials: #""open.credentials""#)
        // Nothing listens on port 9: the file is refused before any camera is opened.
        for arguments in [["validate", job.path], ["run", job.path, "--no-progress"]] {
            let result = try CamschedBinary.run(arguments, timeout: 60)
            #expect(result.status == 2, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("camera.credentials") && result.stderr.contains("mode 0644")
                    && result.stderr.contains("chmod 600 \(open.path)"), "\(arguments[0]): \(result.stderr)")
        }
        // A link to it is judged by the file it leads to.
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.credentials").path, withDestinationPath: open.path)
        let linked = try Self.job(dir, name: "l", device: "rtsp://127.0.0.1:9/h264", credentials: #""link.credentials""#)
        let viaLink = try CamschedBinary.run(["validate", linked.path])
        #expect(viaLink.status == 2 && viaLink.stderr.contains("mode 0644"), "\(viaLink.stderr)")
        let probe = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:9/h264", "--credentials", open.path])
        #expect(probe.status == 2 && probe.stderr.contains("chmod 600 \(open.path)"), "\(probe.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: open.path)
        #expect(try CamschedBinary.run(["validate", job.path, linked.path]).status == 0)
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// What a user gets wrong about a network camera or a stream copy, through the binary: each
/// a clear message that says what is wrong and how to fix it, with SPEC's exit code, and
/// `validate` saying so wherever the job alone tells.
@Suite struct NetworkBadInputTests {
    static func job(_ dir: TemporaryDirectory, name: String, camera: String, record: String) throws -> URL {
        try dir.write("\(name).json", """
            {"name": "\(name)",
             "camera": {\(camera)},
             "capture": {"record": {\(record)}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
    }

    /// `validate` and `run` both refuse `job` with exit 2, pointing at the key `key` (its line
    /// and column in the file) as `path`, and nothing is filed.
    static func expectRefused(_ job: URL, at key: String, path: String, saying words: [String], in dir: TemporaryDirectory) throws {
        let lines = try String(contentsOf: job, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("\"\(key)\"") })
        let column = try #require(lines[line].range(of: "\"\(key)\"")).lowerBound.utf16Offset(in: lines[line]) + 1
        for command in [["validate", job.path], ["run", job.path, "--no-progress"]] {
            let result = try CamschedBinary.run(command)
            #expect(result.status == 2, "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("\(job.lastPathComponent):\(line + 1):\(column): \(path):"), "\(command[0]): \(result.stderr)")
            for word in words { #expect(result.stderr.contains(word), "\(command[0]) says \(word): \(result.stderr)") }
        }
        #expect(JobFixtures.filed(dir, ext: "mp4").isEmpty && JobFixtures.filed(dir, ext: "mkv").isEmpty)
    }

    @Test func copyWithAZoomOnANetworkCameraIsRefusedAtTheZoom() throws {
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, name: "z", camera: #""device": "rtsp://127.0.0.1:1/s", "zoom": 2"#, record: #""duration": "2s", "codec": "copy""#)
        try Self.expectRefused(job, at: "zoom", path: "camera.zoom", saying: ["centre crop", "leave camera.zoom out", "codec \"h264\""], in: dir)
    }

    @Test func copyWithARotationIntoMKVIsRefusedAtTheContainer() throws {
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, name: "r", camera: #""device": "test:?format=MJPG&size=320x180&fps=10", "rotation": 90"#,
                               record: #""duration": "1s", "codec": "copy", "container": "mkv""#)
        try Self.expectRefused(job, at: "container", path: "capture.record.container", saying: ["camera.rotation 90", "set container to \"mp4\""], in: dir)
        // In MP4 the rotation is the display matrix: copied as it is, turned on playback.
        let mp4 = try Self.job(dir, name: "m", camera: #""device": "test:?format=MJPG&size=320x180&fps=10", "warmup": 0, "rotation": 90"#,
                               record: #""duration": "1s", "codec": "copy""#)
        let result = try CamschedBinary.run(["run", mp4.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let file = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let probe = try MediaProbe.probe(file)
        #expect(probe.codec == "mjpeg" && probe.rotation == -90, "\(probe)")
    }

    @Test func copyWithAZoomOnACameraWithoutOpticalZoomStopsBeforeFiling() throws {
        let dir = try TemporaryDirectory()
        // The test camera without controls: validate cannot know (a V4L2 or test camera may
        // have an optical zoom), the run finds it out when it sets the zoom.
        let job = try Self.job(dir, name: "d", camera: #""device": "test:?format=MJPG&size=320x180&fps=10&controls=false", "zoom": 1.5"#,
                               record: #""duration": "1s", "codec": "copy""#)
        let validate = try CamschedBinary.run(["validate", job.path])
        #expect(validate.status == 0, "\(validate.stderr)")
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("camera.zoom 1.5") && run.stderr.contains("no optical zoom")
                && run.stderr.contains("leave camera.zoom out") && run.stderr.contains("codec \"h264\""), "\(run.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").isEmpty)
        // With the camera's own (emulated) optical zoom nothing needs pixels: copied.
        let optical = try Self.job(dir, name: "o", camera: #""device": "test:?format=MJPG&size=320x180&fps=10", "warmup": 0, "zoom": 1.5"#,
                                   record: #""duration": "1s", "codec": "copy""#)
        let copied = try CamschedBinary.run(["run", optical.path, "--no-progress"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").count == 1)
    }

    /// `run` of an interval job on `device`: exit 3, nothing filed, and stderr (returned).
    /// `validate` cannot know (it does not connect): it says ok.
    static func unreachable(_ device: String, in dir: TemporaryDirectory) throws -> String {
        let job = try dir.write("u.json", """
            {"name": "u", "camera": {"device": "\(device)"}, "capture": {"interval": {"every": "1s", "count": 2}},
             "output": {"root": "out"}}
            """)
        let validate = try CamschedBinary.run(["validate", job.path])
        #expect(validate.status == 0, "\(validate.stderr)")
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 3, "\(device): \(run.stderr)")
        #expect(run.stderr.contains("cannot reach the network camera \(device): "), "\(run.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").isEmpty)
        return run.stderr
    }

    @Test func aPortNothingListensOnNamesHostAndPort() throws {
        let dir = try TemporaryDirectory()
        let text = try Self.unreachable("rtsp://127.0.0.1:1/x", in: dir)
        #expect(text.contains("nothing accepts connections at 127.0.0.1:1 (Connection refused); check the host and port"), "\(text)")
    }

    @Test func aHostNameThatDoesNotResolveSaysSo() throws {
        let dir = try TemporaryDirectory()
        // .invalid never resolves (RFC 2606), with or without a network.
        let text = try Self.unreachable("rtsp://no-such-camera.invalid/stream1", in: dir)
        #expect(text.contains("the host name no-such-camera.invalid does not resolve") && text.contains("IP address"), "\(text)")
    }

    @Test func aPathTheServerDoesNotHaveNamesIt() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir)
        let text = try Self.unreachable("rtsp://127.0.0.1:\(server.port)/h265", in: dir)
        #expect(text.contains("the server at 127.0.0.1:\(server.port) has no stream at /h265 (404 Not Found); check the stream's path"), "\(text)")
    }

    @Test func aPortThatDoesNotAnswerRTSPSaysSo() throws {
        let dir = try TemporaryDirectory()
        // A port that accepts connections and answers nothing (a camera's web port, a hung server).
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(listener, raw, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, raw, &length) == 0)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let text = try Self.unreachable("rtsp://127.0.0.1:\(port)/stream1", in: dir)
        #expect(text.contains("127.0.0.1:\(port) gave no RTSP answer") && text.contains("check the port"), "\(text)")
    }

    /// A free TCP port on 127.0.0.1 (bound, read, closed).
    static func freePort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(probe, raw, length) == 0 && getsockname(probe, raw, &length) == 0)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something listens on 127.0.0.1:`port`, seen in /proc/net/tcp without connecting
    /// (a connection would be the one client `ffmpeg -listen 1` serves).
    static func listening(_ port: Int) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let local = String(format: "0100007F:%04X", port)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == local && fields[3] == "0A"
        }
    }

    /// An H.265 stream in MPEG-TS over HTTP, as a camera that streams HEVC serves it (FFmpeg's
    /// own HTTP server, one client), from when it listens.
    static func hevcCamera(_ dir: TemporaryDirectory) throws -> (ChildProcess, String) {
        let port = try freePort()
        let url = "http://127.0.0.1:\(port)/cam.ts"
        let server = try ProcessRunner.start("/usr/bin/ffmpeg", ["-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10",
                                                                 "-t", "30", "-c:v", "libx265", "-preset", "ultrafast",
                                                                 "-x265-params", "log-level=error", "-f", "mpegts", "-listen", "1", url],
                                             stdout: dir.file("hevc-\(port).out"), stderr: dir.file("hevc-\(port).err"))
        try #require(Wait.until(seconds: 20) { listening(port) || !server.isRunning }, "ffmpeg listens on \(port)")
        return (server, url)
    }

    @Test func copyOfAStreamCamschedCannotCopyNamesItsCodec() throws {
        let dir = try TemporaryDirectory()
        let (server, url) = try Self.hevcCamera(dir)
        defer { if server.isRunning { server.terminate() } }
        let job = try Self.job(dir, name: "h", camera: #""device": "\#(url)""#, record: #""duration": "2s", "codec": "copy""#)
        // validate cannot know what a network camera streams.
        #expect(try CamschedBinary.run(["validate", job.path]).status == 0)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("this network camera streams H.265 (HEVC)") && run.stderr.contains("choose codec \"h264\"")
                && run.stderr.contains("set the camera to stream H.264 or MJPEG"), "\(run.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").isEmpty)
        // What the message says to do works: "auto" encodes it.
        let (again, url2) = try Self.hevcCamera(dir)
        defer { if again.isRunning { again.terminate() } }
        let auto = try Self.job(dir, name: "a", camera: #""device": "\#(url2)""#, record: #""duration": "2s", "codec": "auto", "preset": "ultrafast""#)
        let encoded = try CamschedBinary.run(["run", auto.path, "--no-progress"], timeout: 60)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let file = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        #expect(try MediaProbe.probe(file).codec == "h264")
    }
}

import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// An MJPEG camera over HTTP that sends damaged JPEGs among good ones, through the binary:
/// every fifth frame it sends (per connection, from 0: frames 4, 9, 14, …) is cut short, has a
/// tail of zeros where its scan and EOI should be, or is garbage, in turn. Stills and copies hold
/// only whole pictures, the damaged frames are counted as dropped, and none is a lost camera:
/// a recording stays one file.
@Suite struct DamagedFrameTests {
    /// The camera's frame rate and which of its frames are damaged.
    static let fps = 10
    static func isDamaged(_ index: Int) -> Bool { index % 5 == 4 }

    static let server = #"""
        import http.server, os, sys, time
        good = open(sys.argv[1], "rb").read()
        def damaged(kind):
            if kind == 0: return good[: len(good) * 3 // 5]                                  # cut short
            if kind == 1: return good[: len(good) // 2] + bytes(len(good) - len(good) // 2)  # tail never written
            return os.urandom(len(good))                                                     # garbage
        class Camera(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.end_headers()
                start = time.monotonic()
                try:
                    for index in range(100000):
                        frame = damaged(index // 5 % 3) if index % 5 == 4 else good
                        self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(frame) + frame + b"\r\n")
                        self.wfile.flush()
                        time.sleep(max(0, start + (index + 1) / float(sys.argv[2]) - time.monotonic()))
                except OSError:
                    pass
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Camera)
        print("listening", server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// A running camera: its URL, stopped when the test lets go.
    final class Camera {
        let url: String
        private let process: ChildProcess

        init(_ dir: TemporaryDirectory) throws {
            let still = try CamschedBinary.run(["snapshot", "--device", "test:?size=640x360", "-o", dir.file("good.jpg").path])
            try #require(still.status == 0, "\(still.stderr)")
            let script = try dir.write("camera.py", DamagedFrameTests.server)
            process = try ProcessRunner.start("/usr/bin/python3", [script.path, dir.file("good.jpg").path, "\(DamagedFrameTests.fps)"],
                                              stdout: dir.file("http.out"), stderr: dir.file("http.err"))
            var port: Int?
            _ = Wait.until(seconds: 20) {
                port = ((try? String(contentsOf: dir.file("http.out"), encoding: .utf8)) ?? "").split(separator: " ").last
                    .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                return port != nil
            }
            url = "http://127.0.0.1:\(try #require(port))/video.mjpg"
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static func run(_ dir: TemporaryDirectory, name: String, camera: Camera, capture: String) throws -> [[String: Any]] {
        let job = try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(camera.url)"}, "capture": {\(capture)},
             "still": {"format": "jpeg"}, "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let events = JobFixtures.events(result.stdout)
        #expect(!events.contains { $0["event"] as? String == "interrupted" }, "a damaged frame is no lost camera: \(result.stderr)")
        #expect(result.stderr.contains("dropped a damaged frame from \(camera.url)"), "\(result.stderr)")
        return events
    }

    /// Every still is a whole JPEG: FFmpeg decodes it without a complaint.
    static func expectWholeStills(_ stills: [URL]) throws {
        for still in stills {
            #expect(StillValidator.isComplete(jpegAt: still), "\(still.lastPathComponent) is damaged")
            let errors = try MediaProbe.decodingErrors(still)
            #expect(errors.isEmpty, "\(still.lastPathComponent): \(errors)")
        }
    }

    @Test func aTimeLapseAndABurstFileOnlyWholeStills() throws {
        let dir = try TemporaryDirectory()
        let camera = try Camera(dir)
        // Every 0.5 s: a damaged frame makes a shot one frame (0.1 s) later, and a shot more than
        // one period late would be skipped on a busy machine.
        let events = try Self.run(dir, name: "tl", camera: camera, capture: #""interval": {"every": "500ms", "count": 8}"#)
        let stills = JobFixtures.filed(dir, ext: "jpg").filter { $0.path.contains("/tl/") }
        #expect(stills.count == 8, "\(stills.map(\.lastPathComponent)); \(events.filter { $0["event"] as? String != "capture" })")
        try Self.expectWholeStills(stills)
        // A burst takes consecutive frames: the damaged ones among them are skipped and counted.
        _ = try Self.run(dir, name: "burst", camera: camera, capture: #""burst": {"count": 15}"#)
        let burst = JobFixtures.filed(dir, ext: "jpg").filter { $0.path.contains("/burst/") }
        #expect(burst.count == 15, "\(burst.map(\.lastPathComponent))")
        try Self.expectWholeStills(burst)
        let last = try #require(burst.max { $0.lastPathComponent < $1.lastPathComponent })
        let sidecar = try JobFixtures.sidecar(last)
        let sequence = try #require((sidecar["sequence"] as? [String: Any])?["first"] as? Int)
        // At least the damaged frames among the 15 good ones before it were dropped.
        #expect(sidecar["droppedFrames"] as? Int ?? -1 >= 3, "\(sidecar["droppedFrames"] ?? "none") dropped before frame \(sequence)")
    }

    @Test func aRecordingStaysOneFileAndCountsTheDamagedFramesAsDropped() throws {
        let dir = try TemporaryDirectory()
        let camera = try Camera(dir)
        for (name, codec) in [("copy", "copy"), ("encoded", "h264")] {
            let preset = codec == "copy" ? "" : #", "preset": "ultrafast""#
            let events = try Self.run(dir, name: name, camera: camera,
                                      capture: #""record": {"duration": "3s", "codec": "\#(codec)"\#(preset)}"#)
            let files = JobFixtures.filed(dir, ext: "mp4").filter { $0.path.contains("/\(name)/") }
            try #require(files.count == 1, "\(name): \(files.map(\.lastPathComponent))")
            let file = files[0]
            let sidecar = try JobFixtures.sidecar(file)
            #expect((sidecar["interruptions"] as? [Any] ?? []).isEmpty, "\(name): \(sidecar["interruptions"] ?? [])")
            let range = try #require(sidecar["sequence"] as? [String: Any])
            let (first, last) = (try #require(range["first"] as? Int), try #require(range["last"] as? Int))
            let damaged = (first...last).filter(Self.isDamaged).count
            let probe = try MediaProbe.probe(file)
            // Every frame the camera sent whole is in the file, and only those.
            #expect(probe.frames == last - first + 1 - damaged && sidecar["frames"] as? Int == probe.frames,
                    "\(name): \(probe.frames) frames for the camera's \(first)...\(last) with \(damaged) damaged")
            let errors = try MediaProbe.decodingErrors(file)
            #expect(errors.isEmpty, "\(name) does not decode cleanly: \(errors)")
            let dropped = sidecar["droppedFrames"] as? Int ?? -1
            #expect(dropped >= damaged, "\(name): \(dropped) dropped, \(damaged) damaged in \(first)...\(last)")
            let done = try #require(events.last { $0["event"] as? String == "done" })
            #expect(done["droppedFrames"] as? Int ?? -1 >= damaged, "\(name): \(done)")
        }
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// `camsched run --listen` on an interval job from vivid (the stream stays open between shots):
/// the status page's preview is a JPEG of vivid's frame size, taken from the running stream
/// between shots (run inside the guest by `make test`).
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividLiveStatusTests {
    @Test func intervalJobOnVividServesAPreviewOfItsSize() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("vlive.json", """
        {"name": "vlive", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "pixelFormat": "YUYV", "warmup": "0s"},
         "capture": {"interval": {"every": "2s", "count": 60}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let stderr = dir.file("e.txt")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"],
                                              stdout: dir.file("o.txt"), stderr: stderr)
        defer { if process.isRunning { process.terminate() } }
        var port: Int?
        Wait.until(seconds: 60, every: 0.2) {
            let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"live status on http://127\.0\.0\.1:\d+/"#, options: .regularExpression) {
                port = Int(text[range].dropLast().split(separator: ":").last ?? "")
            }
            return port != nil || !process.isRunning
        }
        let listening = try #require(port, "camsched did not say where it listens: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")")
        // Until the stream has a frame: asked every half second (each question is a request the
        // emulated guest's camsched answers).
        var preview: HTTPReply?
        Wait.until(seconds: 40, every: 0.5) {
            guard process.isRunning, let reply = try? HTTPProbe.request(port: listening, "/jobs/vlive/preview.jpg", timeout: 20) else {
                return true
            }
            if reply.status == 200 { preview = reply }
            return preview != nil
        }
        let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        let jpeg = try #require(preview, "no preview while vivid streams: \(log)")
        let file = dir.file("vivid-preview.jpg")
        try Data(jpeg.body).write(to: file)
        let probe = try MediaProbe.probe(file)
        #expect(probe.codec == "mjpeg" && probe.width == 320 && probe.height == 180)
        let status = try HTTPProbe.request(port: listening, "/api/status", timeout: 20)
        #expect(status.text.contains("\"state\":\"running\""), "\(status.text.prefix(400))")
        #expect(status.text.contains("\"streaming\":true"), "the stream stays open between shots")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }
}

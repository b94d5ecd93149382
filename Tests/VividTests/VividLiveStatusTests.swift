import CamschedTestSupport
import Foundation
import Testing

/// `camsched run --listen` recording from vivid: the status page's preview is a JPEG of
/// vivid's frame size, taken from the running stream (run inside the guest by `make test`).
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividLiveStatusTests {
    @Test func recordingFromVividServesAPreviewOfItsSize() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("vlive.json", """
        {"name": "vlive", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "pixelFormat": "YUYV", "warmup": "0s"},
         "capture": {"record": {"duration": "12s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let stderr = dir.file("e.txt")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"],
                                              stdout: dir.file("o.txt"), stderr: stderr)
        defer { if process.isRunning { process.terminate() } }
        var port: Int?
        let deadline = Date().addingTimeInterval(60)
        while port == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"live status on http://127\.0\.0\.1:\d+/"#, options: .regularExpression) {
                port = Int(text[range].dropLast().split(separator: ":").last ?? "")
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let listening = try #require(port, "camsched did not say where it listens: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")")
        var preview: HTTPReply?
        let previewDeadline = Date().addingTimeInterval(40)
        while Date() < previewDeadline {
            let reply = try HTTPProbe.request(port: listening, "/jobs/vlive/preview.jpg", timeout: 20)
            if reply.status == 200 { preview = reply; break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        let jpeg = try #require(preview, "no preview while vivid streams")
        let file = dir.file("vivid-preview.jpg")
        try Data(jpeg.body).write(to: file)
        let probe = try MediaProbe.probe(file)
        #expect(probe.codec == "mjpeg" && probe.width == 320 && probe.height == 180)
        let status = try HTTPProbe.request(port: listening, "/api/status", timeout: 20)
        #expect(status.text.contains("\"state\":\"running\""), "\(status.text.prefix(400))")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }
}

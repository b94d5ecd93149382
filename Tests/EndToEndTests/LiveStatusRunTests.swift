import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// `camsched run JOB --listen 127.0.0.1:PORT` on the test camera: metrics that Prometheus'
/// parser reads and that count frames, the status JSON, a preview of the stream's size that
/// follows the moving pattern, the MJPEG stream, and the page in a real browser.
@Suite(.serialized) struct LiveStatusRunTests {
    static let job = JobFixtures.record(name: "live", device: "test:?size=320x180&fps=15", duration: "25s")

    @Test func runServesMetricsStatusPreviewStreamAndPage() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("live.json", Self.job)
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.wait(seconds: 15) { try live.job("live")["streaming"] as? Bool == true }, "\(live.log)")

        let first = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        try live.waitForFramesAndSample(job: "live", after: first)
        let second = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        let before = try #require(PrometheusText.value(first, "camsched_frames_captured_total", job: "live"))
        let after = try #require(PrometheusText.value(second, "camsched_frames_captured_total", job: "live"))
        #expect(after > before, "the frame counter rises between scrapes: \(before) → \(after)")
        for name in ["camsched_frames_dropped_total", "camsched_fps", "camsched_fps_target", "camsched_pressure_level",
                     "camsched_camera_up", "camsched_encoder_lag_frames"] {
            #expect(PrometheusText.value(second, name, job: "live") != nil, "\(name) is exposed")
        }
        #expect(PrometheusText.value(second, "camsched_camera_up", job: "live") == 1)
        #expect(PrometheusText.value(second, "camsched_fps_target", job: "live") == 15)
        #expect(second.contains { $0.name == "camsched_filesystem_free_bytes" && ($0.labels["root"] ?? "").hasSuffix("/out") })

        let status = try live.statusJSON()
        let listed = try live.job("live")
        #expect(listed["state"] as? String == "running")
        #expect(status["version"] as? String != nil && status["host"] as? String != nil)
        #expect((status["pressure"] as? [String: Any])?["level"] as? String == "nominal")
        #expect((status["disk"] as? [String: Any])?["freeBytes"] as? Int ?? 0 > 0)

        let one = try live.get("/jobs/live/preview.jpg")
        // Half a second of the pattern's motion: 8 frames more at 15 fps.
        let framesAtOne = try live.job("live")["framesCaptured"] as? Int ?? 0
        #expect(try live.wait(seconds: 10) { try live.job("live")["framesCaptured"] as? Int ?? 0 >= framesAtOne + 8 })
        let two = try live.get("/jobs/live/preview.jpg")
        #expect(one.status == 200 && one.headers["content-type"] == "image/jpeg")
        #expect(one.body != two.body, "the pattern moves between two previews")
        let jpeg = dir.file("preview.jpg")
        try Data(one.body).write(to: jpeg)
        let probe = try MediaProbe.probe(jpeg)
        #expect(probe.width == 320 && probe.height == 180 && probe.codec == "mjpeg")
        #expect(try live.get("/jobs/nope/preview.jpg").status == 404)

        let parts = try Self.mjpegParts(port: live.port, atLeast: 3)
        #expect(parts >= 2, "stream.mjpg delivers parts: \(parts)")

        try Self.checkPage(port: live.port, job: "live", state: "running", size: "320x180", in: dir)
        #expect(live.stop(SIGINT) == 130)
    }

    /// Counts complete JPEG parts of stream.mjpg read within a few seconds.
    static func mjpegParts(port: Int, job: String = "live", atLeast count: Int) throws -> Int {
        let fd = try HTTPProbe.connect(port: port, timeout: 5)
        defer { close(fd) }
        try HTTPProbe.send(fd, path: "/jobs/\(job)/stream.mjpg", port: port)
        let raw = HTTPProbe.read(fd, atLeast: 200_000, seconds: 3)
        let head = String(decoding: raw.prefix(400), as: UTF8.self)
        #expect(head.contains("multipart/x-mixed-replace; boundary=camschedframe"), "\(head)")
        var parts = 0, index = 0
        while let found = HTTPProbe.find(Array("--camschedframe\r\nContent-Type: image/jpeg".utf8), in: raw, from: index) {
            parts += 1
            index = found + 1
        }
        return parts
    }

    /// The page in headless Chromium: the job's name and state, a preview that loaded at the
    /// stream's size, and a screenshot whose preview area is not blank.
    static func checkPage(port: Int, job: String, state: String, size: String, in dir: TemporaryDirectory) throws {
        let url = "http://127.0.0.1:\(port)/"
        let dom = try HeadlessChromium.dumpDOM(url, in: dir)
        #expect(dom.contains("data-job=\"\(job)\""), "the job is listed: \(dom.prefix(2000))")
        #expect(dom.contains("data-state=\"\(state)\""))
        #expect(dom.contains("class=\"preview\""), "a preview image")
        #expect(dom.contains("data-loaded=\"\(size)\""), "the preview loaded at the stream's size")
        #expect(dom.contains("<polyline"), "the chart is drawn")
        let png = try HeadlessChromium.screenshot(url, in: dir)
        #expect(try HeadlessChromium.lumaDeviation(png, in: dir) > 5, "the screenshot is not blank")
        if let rect = dom.range(of: #"data-rect="(\d+),(\d+),(\d+),(\d+)""#, options: .regularExpression) {
            let numbers = dom[rect].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 4, numbers[1] + numbers[3] <= 1000 {
                let deviation = try HeadlessChromium.regionDeviation(png, x: numbers[0], y: numbers[1], width: numbers[2],
                                                                     height: numbers[3], in: dir)
                #expect(deviation > 10, "the preview in the screenshot shows the test pattern: \(deviation)")
            }
        } else {
            Issue.record("the preview never reported where it was drawn")
        }
    }
}

/// A camera that goes away: the job waits for it, the preview answers 404 (it never opens a
/// camera), `camsched_camera_up` is 0; when it is back, previews come again.
@Suite(.serialized) struct LiveStatusLostCameraTests {
    @Test func aLostCameraShowsAsWaitingAndHasNoPreview() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("lost.json", JobFixtures.record(
            name: "lost", device: "test:?size=320x180&fps=15&disconnectAfter=2s&returnAfter=4s", duration: "14s"))
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.wait(seconds: 10) { try live.job("lost")["streaming"] as? Bool == true }, "\(live.log)")
        #expect(try live.job("lost")["state"] as? String == "running")
        #expect(try live.wait(seconds: 10) { try live.job("lost")["state"] as? String == "waiting for camera" }, "\(live.log)")
        #expect(try live.get("/jobs/lost/preview.jpg").status == 404)
        #expect(try live.get("/jobs/lost/stream.mjpg").status == 404)
        let metrics = try PrometheusText.parse(try live.get("/metrics").text, in: dir)
        #expect(PrometheusText.value(metrics, "camsched_camera_up", job: "lost") == 0)
        #expect(try live.wait(seconds: 12) { try live.job("lost")["streaming"] as? Bool == true }, "\(live.log)")
        #expect(try live.job("lost")["state"] as? String == "running")
        #expect(try live.get("/jobs/lost/preview.jpg").status == 200)
        #expect(live.stop(SIGINT) == 130)
    }
}

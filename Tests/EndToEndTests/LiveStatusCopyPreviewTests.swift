import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// The live preview of stream-copy jobs (issue 43): an H.264 copy's `preview.jpg` and
/// `stream.mjpg` are the camera's keyframes, decoded (they answered 500 with an empty body and
/// sent nothing before), shown by the page in a real browser, while the recording keeps every
/// frame; an MJPEG copy's and an `auto` job's previews are pictures too; an RTSP camera's H.264.
@Suite(.serialized) struct LiveStatusCopyPreviewTests {
    /// A keyframe every 15 frames at 15 fps: one a second.
    static let h264Camera = "test:?format=H264&gop=15&size=320x180&fps=15"

    static func job(_ dir: TemporaryDirectory, name: String, device: String, codec: String, duration: String) throws -> URL {
        try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(device)", "warmup": "0s"},
             "capture": {"record": {"duration": "\(duration)", "codec": "\(codec)"}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
    }

    @Test func anH264CopyShowsDecodedKeyframesOnItsPreviewStreamAndPage() throws {
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, name: "copy", device: Self.h264Camera, codec: "copy", duration: "24s")
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.wait(seconds: 15) { try live.job("copy")["streaming"] as? Bool == true }, "\(live.log)")

        let one = try Self.preview(live, job: "copy", in: dir)
        #expect(one.width == 320 && one.height == 180)
        let framesAtOne = try live.job("copy")["framesCaptured"] as? Int ?? 0
        #expect(try live.wait(seconds: 10) { try live.job("copy")["framesCaptured"] as? Int ?? 0 >= framesAtOne + 16 })
        let two = try Self.preview(live, job: "copy", in: dir)
        #expect(one.number % 15 == 0 && two.number % 15 == 0, "previews are keyframes: frames \(one.number), \(two.number)")
        #expect(two.number > one.number, "the second preview is a later keyframe: \(one.number) → \(two.number)")

        let parts = try Self.streamParts(port: live.port, job: "copy", seconds: 4.5, in: dir)
        #expect(parts.count >= 3, "stream.mjpg sends a keyframe a second: \(parts)")
        #expect(parts.allSatisfy { $0 % 15 == 0 }, "every part is a keyframe: \(parts)")
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0 < $1 }, "parts come in order, none twice: \(parts)")

        try LiveStatusRunTests.checkPage(port: live.port, job: "copy", state: "running", size: "320x180", in: dir)
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 0, "\(live.log)")
        #expect(!live.log.contains("no preview"), "\(live.log)")
        try Self.expectEveryFrameRecorded(dir, job: "copy")
    }

    /// An MJPEG camera's copy shows the camera's own JPEGs; an `auto` job of an H.264 camera
    /// copies, and shows decoded keyframes.
    @Test func anMJPEGCopyAndAnAutoJobHavePreviews() throws {
        let dir = try TemporaryDirectory()
        let mjpeg = try Self.job(dir, name: "mjpeg", device: "test:?format=MJPG&size=320x180&fps=15", codec: "copy", duration: "20s")
        let auto = try Self.job(dir, name: "auto", device: Self.h264Camera, codec: "auto", duration: "20s")
        let first = try LiveStatusProcess(["run", mjpeg.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        let second = try LiveStatusProcess(["run", auto.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        for (live, name) in [(first, "mjpeg"), (second, "auto")] {
            #expect(try live.wait(seconds: 15) { try live.job(name)["streaming"] as? Bool == true }, "\(live.log)")
            let picture = try Self.preview(live, job: name, in: dir)
            #expect(picture.width == 320 && picture.height == 180, "\(name)")
            if name == "auto" { #expect(picture.number % 15 == 0, "a keyframe: \(picture.number)") }
            let parts = try Self.streamParts(port: live.port, job: name, seconds: 2.5, in: dir)
            #expect(parts.count >= 2, "\(name): \(parts)")
        }
        for live in [first, second] {
            live.process.waitUntilExit()
            #expect(live.process.terminationStatus == 0, "\(live.log)")
        }
        let sidecars = try JobFixtures.filed(dir, ext: "mp4").map { try JobFixtures.sidecar($0) }
        let encoders = Set(sidecars.compactMap { ($0["encoder"] as? [String: Any])?["name"] as? String })
        #expect(encoders == ["copy"], "both jobs copied: \(encoders)")
    }

    /// A real RTSP server's H.264 (GStreamer's, a keyframe a second), copied: a decoded preview
    /// of the stream's size, and a stream of them.
    @Test func anRTSPCopyHasAPreview() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir)
        defer { server.stop() }
        let job = try RTSPCameraTests.job(dir, name: "cam", url: "rtsp://127.0.0.1:\(server.port)/h264",
                                          record: #""duration": "12s", "codec": "copy""#)
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir,
                                         environment: NetworkCameraTests.quiet)
        #expect(try live.wait(seconds: 20) { try live.job("cam")["streaming"] as? Bool == true }, "\(live.log)")
        let reply = try live.get("/jobs/cam/preview.jpg")
        #expect(reply.status == 200 && reply.headers["content-type"] == "image/jpeg", "\(reply.status) \(reply.text)")
        let jpeg = dir.file("rtsp.jpg")
        try Data(reply.body).write(to: jpeg)
        let probe = try MediaProbe.probe(jpeg)
        #expect(probe.codec == "mjpeg" && probe.width == 640 && probe.height == 360)
        #expect(try Self.streamParts(port: live.port, job: "cam", seconds: 3.5, in: dir, numbered: false).count >= 2)
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 0, "\(live.log)")
    }

    /// `preview.jpg`: a JPEG (200), decoded; its size and the test camera's frame number.
    static func preview(_ live: LiveStatusProcess, job: String, in dir: TemporaryDirectory) throws -> (width: Int, height: Int, number: UInt32) {
        let reply = try live.get("/jobs/\(job)/preview.jpg")
        try #require(reply.status == 200 && reply.headers["content-type"] == "image/jpeg", "\(reply.status) \(reply.text)")
        return try decode(Data(reply.body), in: dir)
    }

    static func decode(_ jpeg: Data, in dir: TemporaryDirectory) throws -> (width: Int, height: Int, number: UInt32) {
        let file = dir.file("preview-\(UUID().uuidString.prefix(6)).jpg")
        try jpeg.write(to: file)
        let probe = try MediaProbe.probe(file)
        #expect(probe.codec == "mjpeg")
        let picture = try #require(try MovieReader(url: file).nextFrame()).picture
        let number = try #require(SyntheticPattern.readFrameNumber(from: picture), "the preview shows the camera's frame number")
        return (probe.width, probe.height, number)
    }

    /// The JPEG parts `stream.mjpg` sends within `seconds`, each decoded: the frame numbers
    /// they show (`numbered`: the test camera's), else their sizes' widths.
    static func streamParts(port: Int, job: String, seconds: Double, in dir: TemporaryDirectory, numbered: Bool = true) throws -> [UInt32] {
        let fd = try HTTPProbe.connect(port: port, timeout: 5)
        defer { close(fd) }
        try HTTPProbe.send(fd, path: "/jobs/\(job)/stream.mjpg", port: port)
        let reply = try HTTPProbe.parse(HTTPProbe.read(fd, atLeast: 50_000_000, seconds: seconds))
        #expect(reply.status == 200 && reply.headers["content-type"] == "multipart/x-mixed-replace; boundary=camschedframe")
        var found: [UInt32] = []
        var index = 0
        let lengthField = Array("Content-Length: ".utf8)
        while let field = HTTPProbe.find(lengthField, in: reply.body, from: index),
              let end = HTTPProbe.find([13, 10, 13, 10], in: reply.body, from: field) {
            let length = Int(String(decoding: reply.body[(field + lengthField.count)..<end], as: UTF8.self)) ?? 0
            guard end + 4 + length <= reply.body.count else { break }
            let jpeg = Data(reply.body[(end + 4)..<(end + 4 + length)])
            if numbered {
                found.append(try decode(jpeg, in: dir).number)
            } else {
                let file = dir.file("part-\(found.count).jpg")
                try jpeg.write(to: file)
                found.append(UInt32(try MediaProbe.probe(file).width))
            }
            index = end + 4 + length
        }
        return found
    }

    /// The recording kept every frame while the previews were decoded: its frame numbers run on
    /// without a gap, and its sidecars count no dropped frame.
    static func expectEveryFrameRecorded(_ dir: TemporaryDirectory, job: String) throws {
        let files = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        try #require(!files.isEmpty, "\(dir.files())")
        var numbers: [UInt32] = []
        for file in files {
            #expect(try JobFixtures.sidecar(file)["droppedFrames"] as? Int == 0, "\(file.lastPathComponent)")
            numbers += try StreamCopyTests.frameNumbers(in: file)
        }
        #expect(numbers.count >= 20 * 15, "\(numbers.count) frames")
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }, "no frame lost or doubled")
    }
}

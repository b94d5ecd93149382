import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `codec: "auto"` through the binary: a camera that delivers MJPEG at what the job asks is
/// copied (its JPEGs byte for byte); a digital zoom, a raw pixel format asked for, or a camera
/// of raw pictures is encoded with h264 — each file's sidecar (and catalog row) says which and
/// why, and the run's log says it once.
@Suite struct AutoCodecTests {
    struct Run {
        var files: [URL]
        var stderr: String
        var dir: TemporaryDirectory
    }

    /// Records 2 s of `device` with `codec: "auto"` in 1 s segments (`camera` adds camera keys).
    func record(_ device: String, camera: String = "", seconds: Int = 2) throws -> Run {
        let dir = try TemporaryDirectory()
        let job = try dir.write("auto.json", """
            {"name": "auto", "camera": {"device": "\(device)", "warmup": 0\(camera)},
             "capture": {"record": {"duration": "\(seconds)s", "segment": "1s", "codec": "auto"}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        return Run(files: JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }, stderr: result.stderr, dir: dir)
    }

    /// Each file has `codec`, `frames` frames, and a sidecar and catalog row whose encoder is
    /// `name` with `reason`; the run's log gives the reason once.
    func expect(_ run: Run, count: Int, codec: String, frames: Int, encoder name: String, reason: String,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.files.count == count, "\(run.files.map(\.lastPathComponent))", sourceLocation: sourceLocation)
        for file in run.files {
            let probe = try MediaProbe.probe(file)
            #expect(probe.codec == codec && probe.frames == frames, "\(file.lastPathComponent): \(probe.codec) \(probe.frames) frames",
                    sourceLocation: sourceLocation)
            let encoder = try JobFixtures.sidecar(file)["encoder"] as? [String: Any]
            #expect(encoder?["name"] as? String == name && encoder?["reason"] as? String == reason, "\(encoder ?? [:])",
                    sourceLocation: sourceLocation)
        }
        #expect(run.stderr.components(separatedBy: reason).count - 1 == 1, "the log gives the reason once: \(run.stderr)",
                sourceLocation: sourceLocation)
        // The catalog keeps each file's sidecar: one row per file, with the reason.
        let rows = try ProcessRunner.run("/usr/bin/sqlite3", [run.dir.file("out/catalog.sqlite").path,
                                                              "SELECT json_extract(sidecar, '$.encoder.reason') FROM files"])
        #expect(rows.stdout.split(separator: "\n").map(String.init) == Array(repeating: reason, count: count), "\(rows.stdout)",
                sourceLocation: sourceLocation)
    }

    @Test func anMJPGCameraIsCopiedByteForByte() throws {
        let run = try record("test:?format=MJPG&size=640x360&fps=30&pace=fast")
        try expect(run, count: 2, codec: "mjpeg", frames: 30, encoder: "copy",
                   reason: "auto: the camera delivers MJPG 640x360 at 30 fps, and nothing needs pixels; copied")
        for file in run.files { try Self.expectCameraJPEGs(in: file, dir: run.dir) }
    }

    /// The test camera offers MJPG beside its YUYV: auto asks for the MJPG (as on a webcam
    /// that offers both); the rotation is a display matrix, which needs no pixels.
    @Test func aCameraOfferingRawAndMJPGIsCopiedFromMJPGAlsoWhenRotated() throws {
        let run = try record("test:?size=640x360&fps=30&pace=fast", camera: #", "rotation": 90, "zoom": 2"#)
        try expect(run, count: 2, codec: "mjpeg", frames: 30, encoder: "copy",
                   reason: "auto: the camera delivers MJPG 640x360 at 30 fps, and nothing needs pixels; copied")
        #expect(try MediaProbe.probe(try #require(run.files.first)).rotation == -90)
    }

    /// A camera set to H.264 is copied from its H.264 (keyframes every 15 frames: each 1 s
    /// segment starts on one and holds 30 frames).
    @Test func anH264CameraIsCopied() throws {
        let run = try record("test:?format=H264&gop=15&size=640x360&fps=30&pace=fast")
        try expect(run, count: 2, codec: "h264", frames: 30, encoder: "copy",
                   reason: "auto: the camera delivers H264 640x360 at 30 fps, and nothing needs pixels; copied")
    }

    @Test func aDigitalZoomIsEncoded() throws {
        let run = try record("test:?format=MJPG&size=640x360&fps=30&pace=fast&controls=false", camera: #", "zoom": 2"#)
        try expect(run, count: 2, codec: "h264", frames: 30, encoder: "libx264",
                   reason: "auto: zoom 2x is a centre crop on this camera (it has no optical zoom), which needs pixels; encoded")
    }

    @Test func aRawPixelFormatAskedForIsEncoded() throws {
        let run = try record("test:?format=MJPG&size=640x360&fps=30&pace=fast", camera: #", "pixelFormat": "YUYV""#)
        try expect(run, count: 2, codec: "h264", frames: 30, encoder: "libx264",
                   reason: "auto: camera.pixelFormat asks for YUYV (raw pixels); encoded")
    }

    @Test func aCameraOfRawPicturesIsEncoded() throws {
        let dir = try TemporaryDirectory()
        // A video file is a camera of raw pictures (it is decoded), like a YUYV-only webcam.
        let clip = dir.file("clip.mp4").path
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10",
                                                             "-t", "3", "-pix_fmt", "yuv420p", clip], timeout: 60)
        try #require(made.status == 0, "\(made.stderr)")
        let run = try record("file:\(clip)")
        let first = try #require(run.files.first)
        let encoder = try JobFixtures.sidecar(first)["encoder"] as? [String: Any]
        let reason = encoder?["reason"] as? String
        #expect(reason?.hasPrefix("auto: the camera offers no MJPG, JPEG") == true && reason?.hasSuffix(" at 320x240; encoded") == true,
                "\(reason ?? "no reason")")
        try expect(run, count: 2, codec: "h264", frames: 10, encoder: "libx264", reason: reason ?? "")
    }

    /// A network camera: the RTSP server's MJPEG and H.264 streams are copied; a zoom on it (a
    /// network camera has no zoom camsched can set: a centre crop) is encoded from the decoded
    /// pictures.
    @Test func anRTSPCameraIsCopiedUnlessZoomed() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir)
        defer { server.stop() }
        let url = "rtsp://127.0.0.1:\(server.port)"
        let copied = "and nothing needs pixels; copied"
        for (name, path, zoom) in [("m", "mjpeg", 1), ("h", "h264", 1), ("z", "h264", 2)] {
            let job = try dir.write("\(name).json", """
                {"name": "\(name)", "camera": {"device": "\(url)/\(path)", "zoom": \(zoom)},
                 "capture": {"record": {"duration": "3s", "segment": "1s", "codec": "auto", "preset": "ultrafast"}},
                 "output": {"root": "out", "path": "{job}/{seq}"}}
                """)
            let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
            #expect(result.status == 0, "\(result.stderr)")
            let files = RTSPCameraTests.files(dir, job: name)
            #expect(files.count == 3, "\(name): \(files.map(\.lastPathComponent))")
            for file in files {
                let probe = try MediaProbe.probe(file)
                let encoder = try JobFixtures.sidecar(file)["encoder"] as? [String: Any] ?? [:]
                let reason = encoder["reason"] as? String ?? ""
                switch name {
                case "m":
                    #expect(probe.codec == "mjpeg" && probe.frames == 10 && encoder["name"] as? String == "copy", "\(probe.frames) \(encoder)")
                    #expect(reason == "auto: the camera delivers MJPG 640x360 at 10 fps, \(copied)", "\(reason)")
                case "h":
                    #expect(probe.codec == "h264" && encoder["name"] as? String == "copy", "\(encoder)")
                    #expect(reason == "auto: the camera delivers H264 640x360 at 10 fps, \(copied)", "\(reason)")
                default:
                    #expect(probe.codec == "h264" && encoder["name"] as? String == "libx264", "\(encoder)")
                    #expect(reason == "auto: zoom 2x is a centre crop on this camera (it has no optical zoom), which needs pixels; encoded",
                            "\(reason)")
                }
            }
        }
    }

    /// A trigger job's clips are always encoded: `auto` is h264, and the clip says why.
    @Test func aTriggerJobsClipIsEncodedSayingWhy() throws {
        let dir = try TemporaryDirectory("auto-trigger")
        let job = try dir.write("door.json", """
            {"name": "door-auto", "camera": {"device": "test:?format=MJPG&size=320x180&fps=15", "warmup": "0s"},
             "capture": {"trigger": {"external": true, "preRoll": "1s", "postRoll": "1s", "duration": "5s", "codec": "auto",
                                     "preset": "ultrafast"}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let runtime = try TriggerRunTests.runtimeFolder(dir)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json"], environment: ["XDG_RUNTIME_DIR": runtime],
                                              stdout: dir.file("stdout"), stderr: dir.file("stderr"))
        _ = try TriggerRunTests.waitForSocket(runtime: runtime, job: "door-auto")
        try TriggerRunTests.fillPreRoll(stderr: dir.file("stderr"), seconds: 1)
        kill(process.processIdentifier, SIGUSR1)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("stderr"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let clips = JobFixtures.filed(dir, ext: "mp4")
        try #require(clips.count == 1, "\(dir.files())")
        #expect(try MediaProbe.probe(clips[0]).codec == "h264")
        let reason = "auto: a trigger job's clips are encoded (motion detection needs the pictures); encoded"
        let encoder = try JobFixtures.sidecar(clips[0])["encoder"] as? [String: Any]
        #expect(encoder?["reason"] as? String == reason && encoder?["codec"] as? String == "h264", "\(encoder ?? [:])")
        #expect(stderr.components(separatedBy: "codec \(reason)").count == 2, "logged once: \(stderr)")
    }

    /// The first, a middle and the last JPEG of `file` as stored, each compared with the test
    /// camera's JPEG of the same frame number and capture time.
    static func expectCameraJPEGs(in file: URL, dir: TemporaryDirectory) throws {
        let folder = dir.url.appendingPathComponent("jpeg-\(file.deletingPathExtension().lastPathComponent)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let extract = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-c", "copy", "-f", "image2",
                                                                folder.appendingPathComponent("%03d.jpg").path], timeout: 60)
        #expect(extract.status == 0, "\(extract.stderr)")
        for index in [1, 15, 30] {
            let url = folder.appendingPathComponent(String(format: "%03d.jpg", index))
            let stored = try Data(contentsOf: url)
            let picture = try #require(try MovieReader(url: url).nextFrame()).picture
            let number = try #require(SyntheticPattern.readFrameNumber(from: picture))
            let plane = try #require(picture.plane(0))
            let luma = UnsafeRawBufferPointer(start: plane, count: picture.lineSize(0) * picture.height)
            let milliseconds = try #require(SyntheticPattern.readTimestampMilliseconds(
                fromLuma: luma, width: picture.width, height: picture.height, stride: picture.lineSize(0)))
            let made = try SyntheticPattern.makeFrame(width: picture.width, height: picture.height, pixelFormat: .mjpg,
                                                      frameNumber: number, timestampNanoseconds: Int64(milliseconds) * 1_000_000,
                                                      jpegQuality: StreamCopyTests.jpegQuality)
            #expect(Data(made.bytes) == stored, "frame \(number) of \(file.lastPathComponent) differs from the camera's JPEG")
        }
    }
}

import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `codec: "copy"` through the binary: a camera that delivers MJPEG is recorded without
/// re-encoding — each JPEG the camera made is in the files byte for byte, segments are
/// gapless, and the sidecars say nothing was encoded.
@Suite struct StreamCopyTests {
    /// The test camera's MJPEG: each frame's pixels carry its number and capture time, and its
    /// JPEG is made at quality 85 (what the test then makes again to compare bytes).
    static let jpegQuality = 85

    @Test func aMinuteOf1080pMJPEGIsFiledAsTheCameraMadeIt() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("copy.json", """
            {"name": "copy", "camera": {"device": "test:?format=MJPG&size=1920x1080&fps=30&pace=fast", "warmup": 0},
             "capture": {"record": {"duration": "60s", "segment": "10s", "codec": "copy"}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let files = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(files.count == 6, "\(files.map(\.lastPathComponent))")
        var numbers: [UInt32] = []
        for file in files {
            let probe = try MediaProbe.probe(file)
            #expect(probe.codec == "mjpeg" && probe.width == 1920 && probe.height == 1080)
            #expect(probe.frames == 300, "\(file.lastPathComponent): \(probe.frames) frames")
            let sidecar = try JobFixtures.sidecar(file)
            let encoder = sidecar["encoder"] as? [String: Any]
            #expect(encoder?["name"] as? String == "copy" && encoder?["codec"] as? String == "mjpeg", "\(encoder ?? [:])")
            #expect(sidecar["frames"] as? Int == 300)
            numbers += try Self.frameNumbers(in: file)
        }
        // Every frame once, in order, across the cuts.
        #expect(numbers.count == 1800)
        #expect(numbers == Array(numbers.first.map { $0..<($0 + 1800) } ?? 0..<0), "first \(numbers.prefix(3)), last \(numbers.suffix(3))")
        // A few frames of each file, byte for byte what the camera made.
        for file in files { try Self.expectCameraJPEGs(in: file, dir: dir) }
        let list = try CamschedBinary.run(["catalog", "list", "--root", dir.url.appendingPathComponent("out").path])
        #expect(list.stdout.components(separatedBy: ".mp4").count - 1 == 6, "\(list.stdout)")
    }

    @Test func aCopyIntoMKVTakesStillsFromTheCamerasJPEGs() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("copy.json", """
            {"name": "copy", "camera": {"device": "test:?format=MJPG&size=640x360&fps=30&pace=fast", "warmup": 0},
             "capture": {"record": {"duration": "4s", "segment": "2s", "codec": "copy", "stillsEvery": "1s", "container": "mkv"}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let movies = JobFixtures.filed(dir, ext: "mkv").sorted { $0.path < $1.path }
        #expect(movies.map(\.lastPathComponent) == ["segment-000001.mkv", "segment-000002.mkv"])
        #expect(try movies.map { try MediaProbe.probe($0).frames } == [60, 60])
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(stills.count == 4)
        for still in stills {
            let bytes = try Data(contentsOf: still)
            #expect(bytes.starts(with: [0xFF, 0xD8]) && bytes.prefix(64).range(of: Data("Exif".utf8)) != nil,
                    "\(still.lastPathComponent) is a JPEG with an EXIF block")
        }
    }

    @Test func copyWithARawPixelFormatIsRefusedByValidate() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("bad.json", """
            {"name": "bad", "camera": {"device": "test:", "pixelFormat": "YUYV"},
             "capture": {"record": {"duration": "2s", "codec": "copy", "quality": 20}}}
            """)
        let result = try CamschedBinary.run(["validate", job.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("camera.pixelFormat") && result.stderr.contains("\"MJPG\""), "\(result.stderr)")
        #expect(result.stderr.contains("remove \"quality\""), "\(result.stderr)")
    }

    @Test func copyFromACameraThatOnlyDeliversRawPixelsSaysHowToFixIt() throws {
        let dir = try TemporaryDirectory()
        // A video file is a camera of raw pictures (it is decoded), like a YUYV-only webcam.
        let clip = dir.file("clip.mp4").path
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10",
                                                             "-t", "2", "-pix_fmt", "yuv420p", clip], timeout: 60)
        try #require(made.status == 0, "\(made.stderr)")
        let job = try dir.write("raw.json", """
            {"name": "raw", "camera": {"device": "file:\(clip)"},
             "capture": {"record": {"duration": "1s", "codec": "copy"}}, "output": {"root": "out"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("codec copy") && result.stderr.contains("raw pixels"), "\(result.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").isEmpty)
    }

    /// The frame numbers the pictures of `file` carry, in order.
    static func frameNumbers(in file: URL) throws -> [UInt32] {
        let reader = try MovieReader(url: file)
        var numbers: [UInt32] = []
        while let frame = try reader.nextFrame() {
            numbers.append(try #require(SyntheticPattern.readFrameNumber(from: frame.picture)))
        }
        return numbers
    }

    /// Extracts the JPEGs of `file` as they are stored and compares the first, a middle one and
    /// the last with the test camera's JPEG of the same frame number and capture time.
    static func expectCameraJPEGs(in file: URL, dir: TemporaryDirectory) throws {
        let folder = dir.url.appendingPathComponent("jpeg-\(file.deletingPathExtension().lastPathComponent)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let extract = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-c", "copy", "-f", "image2",
                                                                folder.appendingPathComponent("%03d.jpg").path], timeout: 120)
        #expect(extract.status == 0, "\(extract.stderr)")
        for index in [1, 150, 300] {
            let stored = try Data(contentsOf: folder.appendingPathComponent(String(format: "%03d.jpg", index)))
            let reader = try MovieReader(url: folder.appendingPathComponent(String(format: "%03d.jpg", index)))
            let picture = try #require(try reader.nextFrame()).picture
            let number = try #require(SyntheticPattern.readFrameNumber(from: picture))
            let plane = try #require(picture.plane(0))
            let luma = UnsafeRawBufferPointer(start: plane, count: picture.lineSize(0) * picture.height)
            let milliseconds = try #require(SyntheticPattern.readTimestampMilliseconds(
                fromLuma: luma, width: picture.width, height: picture.height, stride: picture.lineSize(0)))
            let made = try SyntheticPattern.makeFrame(width: 1920, height: 1080, pixelFormat: .mjpg, frameNumber: number,
                                                      timestampNanoseconds: Int64(milliseconds) * 1_000_000,
                                                      jpegQuality: jpegQuality)
            #expect(Data(made.bytes) == stored, "frame \(number) of \(file.lastPathComponent) differs from the camera's JPEG")
        }
    }
}

import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `codec: "copy"` of a camera that delivers H.264 (the test camera's `format=H264`: libx264
/// with a keyframe every `gop` frames, parameter sets in front of each, as a webcam's own
/// encoder sends them): the stream is filed as it came, each segment starts at the first
/// keyframe at or after its grid point, and no frame is lost or doubled across the cuts.
@Suite struct H264CopyTests {
    @Test func aMinuteOfH264IsCutAtTheFirstKeyframeAfterEachGridPoint() throws {
        let dir = try TemporaryDirectory()
        // Keyframes every 45 frames (1.5 s): the 10 s grid points (frames 300, 600, …) fall
        // between keyframes except at 900, so most cuts come later than the grid.
        let job = try dir.write("h264.json", """
            {"name": "h264", "camera": {"device": "test:?format=H264&gop=45&size=1920x1080&fps=30&pace=fast", "warmup": 0},
             "capture": {"record": {"duration": "60s", "segment": "10s", "codec": "copy"}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let files = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        // Cuts at frames 315, 630, 900, 1215, 1530: the first keyframe at or after each grid point.
        let expected = [315, 315, 270, 315, 315, 270]
        #expect(files.count == expected.count, "\(files.map(\.lastPathComponent))")
        var numbers: [UInt32] = []
        for (file, count) in zip(files, expected) {
            let probe = try MediaProbe.probe(file)
            #expect(probe.codec == "h264" && probe.width == 1920 && probe.height == 1080)
            #expect(probe.frames == count, "\(file.lastPathComponent): \(probe.frames) frames, expected \(count)")
            let keyframes = try MediaProbe.keyframeIndexes(file)
            #expect(keyframes.first == 0, "\(file.lastPathComponent) starts on a keyframe: \(keyframes.prefix(3))")
            let sidecar = try JobFixtures.sidecar(file)
            let encoder = sidecar["encoder"] as? [String: Any]
            #expect(encoder?["name"] as? String == "copy" && encoder?["codec"] as? String == "h264", "\(encoder ?? [:])")
            #expect(sidecar["frames"] as? Int == count && sidecar["droppedFrames"] as? Int == 0)
            numbers += try StreamCopyTests.frameNumbers(in: file)
        }
        // Every frame once, in order, across the cuts.
        #expect(numbers.count == 1800)
        #expect(numbers == Array(numbers.first.map { $0..<($0 + 1800) } ?? 0..<0), "first \(numbers.prefix(3)), last \(numbers.suffix(3))")
    }

    @Test func h264IsCopiedIntoMatroskaToo() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("h264.json", """
            {"name": "h264", "camera": {"device": "test:?format=H264&size=640x360&fps=30&pace=fast", "warmup": 0},
             "capture": {"record": {"duration": "4s", "segment": "2s", "codec": "copy", "container": "mkv"}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let files = JobFixtures.filed(dir, ext: "mkv").sorted { $0.path < $1.path }
        #expect(try files.map { try MediaProbe.probe($0).frames } == [60, 60])
        for file in files {
            #expect(try MediaProbe.probe(file).codec == "h264")
            #expect(try MediaProbe.keyframeIndexes(file) == [0, 30], "\(file.lastPathComponent)")
        }
    }

    @Test func stillsDuringAnH264CopyAreItsNextKeyframesDecoded() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("s.json", """
            {"name": "s", "camera": {"device": "test:?format=H264&gop=20&size=640x360&fps=30&pace=fast", "warmup": 0},
             "capture": {"record": {"duration": "4s", "segment": "2s", "codec": "copy", "stillsEvery": "1s"}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg").sorted { $0.path < $1.path }
        var taken: [Int] = []
        for still in stills {
            let sequence = try JobFixtures.sidecar(still)["sequence"] as? [String: Any]
            let number = try #require(sequence?["first"] as? Int)
            taken.append(number)
            let picture = try #require(try MovieReader(url: still).nextFrame()).picture
            #expect(picture.width == 640 && picture.height == 360)
            #expect(SyntheticPattern.readFrameNumber(from: picture) == UInt32(number), "\(still.lastPathComponent)")
        }
        // Due at 0, 1, 2 and 3 s; frames 30, 60 and 90 are stamped a few ns before those
        // (1/30 s is rounded down): the first keyframe (every 20th frame) at or after each.
        #expect(taken == [0, 40, 80, 100], "\(taken)")
    }
}

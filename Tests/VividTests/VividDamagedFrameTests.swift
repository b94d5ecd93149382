import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// Damaged JPEGs from a real V4L2 driver: v4l2loopback in the vivid guest, fed by FFmpeg with an
/// MJPEG clip in which every fifth frame is cut short, has a tail of zeros or is garbage
/// (``LoopbackCamera``, `damagedEvery`: one `write` is one buffer, so each damaged JPEG is a
/// buffer of its own size). The files hold only whole frames and decode; the damaged frames are
/// counted as dropped, and none is a lost camera. v4l2loopback numbers the frames it is given
/// from 0, so a sidecar's `sequence` range says which damaged frames fell into a file.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividDamagedFrameTests {
    static let every = 5

    /// Runs the job; returns what it wrote on stderr.
    @discardableResult
    static func run(_ camera: LoopbackCamera, name: String, capture: String, in dir: TemporaryDirectory) throws -> String {
        let job = try dir.write("\(name).json", """
        {"name": "\(name)", "camera": {"device": "\(camera.node)", "size": "640x360", "fps": \(LoopbackCamera.fps), "pixelFormat": "MJPG", "warmup": "0s"},
         "capture": {\(capture)}, "still": {"format": "jpeg"},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        try #require(camera.writerStatus == "the writer runs", "the camera stopped before the run ended: \(camera.writerStatus)")
        let events = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(!events.contains { $0["event"] as? String == "interrupted" }, "a damaged frame is no lost camera: \(result.stderr)")
        #expect(result.stderr.contains("dropped a damaged frame from \(camera.node)"), "\(result.stderr)")
        return result.stderr
    }

    @Test func aCopyFromAV4L2NodeHoldsOnlyWholeFramesAndCountsTheDamagedOnes() throws {
        let dir = try TemporaryDirectory()
        let camera = try LoopbackCamera(.mjpeg, in: dir, damagedEvery: Self.every)
        defer { camera.stop() }
        try Self.run(camera, name: "copy", capture: #""record": {"duration": "4s", "codec": "copy"}"#, in: dir)
        let files = dir.files().filter { $0.hasSuffix(".mp4") }.map { dir.file($0) }
        try #require(files.count == 1, "one file, not split: \(files.map(\.lastPathComponent))")
        let file = files[0]
        let errors = try MediaProbe.decodingErrors(file)
        #expect(errors.isEmpty, "the file does not decode cleanly: \(errors)")
        let (first, last) = try VividLoopbackCopyTests.sequence(of: file)
        let sidecar = try VividLoopbackCopyTests.sidecar(of: file)
        #expect((sidecar["interruptions"] as? [Any] ?? []).isEmpty, "\(sidecar["interruptions"] ?? [])")
        let clip = try camera.frameHashes(camera.clip)
        try #require(first >= 0 && last < clip.count, "sequence \(first)...\(last) outside the clip's \(clip.count) frames")
        let filed = try camera.frameHashes(file)
        let damaged = (first...last).filter(camera.isDamaged)
        // The camera's whole frames, byte for byte and in order; none of the damaged ones.
        #expect(LoopbackCamera.isInOrder(filed, from: clip[first...last]), "the file does not hold the camera's frames \(first)...\(last)")
        #expect(!damaged.contains { filed.contains(clip[$0]) }, "a damaged frame was filed")
        #expect(filed.count <= last - first + 1 - damaged.count, "\(filed.count) frames filed of \(first)...\(last), \(damaged.count) damaged")
        // Every frame of the range not in the file is counted as dropped, the damaged ones first.
        let dropped = sidecar["droppedFrames"] as? Int ?? -1
        #expect(dropped >= damaged.count && dropped >= last - first + 1 - filed.count,
                "\(dropped) counted as dropped; \(damaged.count) damaged and \(last - first + 1 - filed.count) missing of \(first)...\(last)")
        #expect(sidecar["frames"] as? Int == filed.count)
    }

    @Test func aTimeLapseFromAV4L2NodeFilesOnlyWholeStills() throws {
        let dir = try TemporaryDirectory()
        let camera = try LoopbackCamera(.mjpeg, in: dir, damagedEvery: Self.every)
        defer { camera.stop() }
        // Every 0.5 s: a shot whose frame came more than one period late would be skipped, and
        // the emulated guest is slow at times; a damaged frame delays a shot by one frame (67 ms).
        let stderr = try Self.run(camera, name: "tl", capture: #""interval": {"every": "500ms", "count": 8}"#, in: dir)
        let stills = dir.files().filter { $0.hasSuffix(".jpg") && $0.hasPrefix("out/") }.map { dir.file($0) }
        #expect(stills.count == 8, "\(stills.map(\.lastPathComponent)); \(stderr)")
        for still in stills {
            #expect(StillValidator.isComplete(jpegAt: still), "\(still.lastPathComponent) is damaged")
            let errors = try MediaProbe.decodingErrors(still)
            #expect(errors.isEmpty, "\(still.lastPathComponent): \(errors)")
            let sidecar = try VividLoopbackCopyTests.sidecar(of: still)
            let sequence = try #require((sidecar["sequence"] as? [String: Any])?["first"] as? Int)
            #expect(!camera.isDamaged(sequence), "\(still.lastPathComponent) is the camera's damaged frame \(sequence)")
        }
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// `codec: "copy"` through a real V4L2 driver that delivers compressed frames: v4l2loopback in
/// the vivid guest (vivid itself offers raw formats only), fed MJPEG or H.264 by FFmpeg at 15 fps
/// (`LoopbackCamera`). The files must hold the camera's frames as it delivered them, byte for
/// byte, in order, none twice, across the cuts; each H.264 segment from a keyframe. The module is
/// built by scripts/build-v4l2loopback.sh; where it could not be, these tests fail saying why.
///
/// v4l2loopback numbers the frames it is given from 0 (`sequence`), so a frame's sequence number
/// is its index in the clip the writer plays: the sidecar's `sequence` range says exactly which
/// of the camera's frames a file must hold.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividLoopbackCopyTests {
    @Test func mjpegFromAV4L2NodeIsFiledByteForByte() throws {
        let dir = try TemporaryDirectory()
        let camera = try LoopbackCamera(.mjpeg, in: dir)
        defer { camera.stop() }
        try Self.expectListed(camera, fourCC: "MJPG")
        let files = try Self.record(camera, in: dir)
        try Self.expectCameraFrames(files, from: camera)
    }

    @Test func h264FromAV4L2NodeIsCutOnKeyframesAndFiledAsItCame() throws {
        let dir = try TemporaryDirectory()
        let camera = try LoopbackCamera(.h264, in: dir)
        defer { camera.stop() }
        try Self.expectListed(camera, fourCC: "H264")
        let files = try Self.record(camera, in: dir)
        for file in files {
            let keyframes = try MediaProbe.keyframeIndexes(file)
            #expect(keyframes.first == 0, "\(file.lastPathComponent) starts with a keyframe: \(keyframes.prefix(3))")
            // And with one of the camera's: the clip has a keyframe every 15 frames.
            let first = try Self.sequence(of: file).first
            #expect(first % LoopbackCamera.gop == 0, "\(file.lastPathComponent) starts at the camera's frame \(first)")
        }
        try Self.expectCameraFrames(files, from: camera)
    }

    /// `camsched devices --json` lists the node as a camera with the format at 640x360, and the
    /// text form at its rate.
    static func expectListed(_ camera: LoopbackCamera, fourCC: String) throws {
        let result = try CamschedBinary.run(["devices", "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let node = try #require(devices.first { $0["path"] as? String == camera.node }, "\(camera.node) not listed")
        #expect(node["driver"] as? String == "v4l2 loopback" && node["isCapture"] as? Bool == true, "\(node)")
        let format = try #require((node["formats"] as? [[String: Any]])?.first { $0["fourCC"] as? String == fourCC },
                                  "no \(fourCC) in \(node["formats"] ?? [])")
        let sizes = format["frameSizes"] as? [[String: Any]] ?? []
        #expect(sizes.contains { $0["width"] as? Int == LoopbackCamera.width && $0["height"] as? Int == LoopbackCamera.height }, "\(sizes)")
        let text = try CamschedBinary.run(["devices"], timeout: 120)
        let entry = text.stdout.components(separatedBy: camera.node + "  ").dropFirst().first ?? ""
        #expect(entry.contains("\(fourCC)  ") && entry.contains("640x360 @ \(LoopbackCamera.fps) fps"), "\(entry)")
    }

    /// Runs a 4 s recording in 2 s segments with `codec: "copy"` from the node and checks what
    /// every file must be: decodes fully, the camera's codec and size, a copy by its sidecar.
    /// Returns the files in order.
    static func record(_ camera: LoopbackCamera, in dir: TemporaryDirectory) throws -> [URL] {
        let fourCC = camera.codec == .mjpeg ? "MJPG" : "H264"
        let job = try dir.write("loop.json", """
        {"name": "loop", "camera": {"device": "\(camera.node)", "size": "640x360", "fps": \(LoopbackCamera.fps), "pixelFormat": "\(fourCC)", "warmup": "0s"},
         "capture": {"record": {"duration": "4s", "segment": "2s", "codec": "copy"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        try #require(camera.writerStatus == "the writer runs", "the camera stopped before the recording ended: \(camera.writerStatus)")
        let files = dir.files().filter { $0.hasSuffix(".mp4") }.sorted().map { dir.file($0) }
        #expect(files.count == 2, "\(files.map(\.lastPathComponent)); \(result.stderr)")
        for file in files {
            let probe = try MediaProbe.probe(file)
            #expect(probe.codec == camera.codec.rawValue && probe.width == 640 && probe.height == 360, "\(probe)")
            let errors = try MediaProbe.decodingErrors(file)
            #expect(errors.isEmpty, "\(file.lastPathComponent) does not decode cleanly: \(errors)")
            let sidecar = try Self.sidecar(of: file)
            let encoder = sidecar["encoder"] as? [String: Any] ?? [:]
            #expect(encoder["name"] as? String == "copy" && encoder["codec"] as? String == camera.codec.rawValue, "\(encoder)")
            #expect(sidecar["frames"] as? Int == probe.frames && probe.frames > 0, "sidecar \(sidecar["frames"] ?? "none"), file \(probe.frames)")
        }
        return files
    }

    /// The files hold the camera's frames from the first file's first sequence number to the last
    /// file's last, 4 s of frames within two (H.264: less the frames before its first keyframe),
    /// each byte for byte, in order, none twice, no gap at a cut; any frame left out is one the
    /// sidecar counts as dropped.
    static func expectCameraFrames(_ files: [URL], from camera: LoopbackCamera) throws {
        let clip = try camera.frameHashes(camera.clip)
        var previous: Int?
        var dropped = 0
        for file in files {
            let (first, last) = try Self.sequence(of: file)
            let side = try Self.sidecar(of: file)
            let lost = side["droppedFrames"] as? Int ?? -1
            dropped += lost
            let filed = try camera.frameHashes(file)
            // Every frame of the range that is not in the file is counted as dropped (camsched
            // also counts an interval without a frame as one, so lost may be more).
            #expect(filed.count <= last - first + 1 && last - first + 1 - filed.count <= lost,
                    "\(file.lastPathComponent): \(filed.count) frames, \(lost) counted as dropped, for the camera's \(first)...\(last)")
            if let previous { #expect(first == previous + 1, "\(file.lastPathComponent) starts at \(first), the one before ended at \(previous)") }
            previous = last
            try #require(first >= 0 && last < clip.count, "sequence \(first)...\(last) outside the clip's \(clip.count) frames")
            #expect(filed.first == clip[first] && filed.last == clip[last] && LoopbackCamera.isInOrder(filed, from: clip[first...last]),
                    "\(file.lastPathComponent) does not hold the camera's frames \(first)...\(last) as delivered")
        }
        // The 4 s count from camsched's first frame; H.264 is filed from the first keyframe, up
        // to a GOP less one later.
        let span = try (previous ?? 0) - Self.sequence(of: files.first ?? URL(fileURLWithPath: "/")).first + 1
        let leadIn = camera.codec == .h264 ? LoopbackCamera.gop - 1 : 0
        #expect((4 * LoopbackCamera.fps - leadIn - 2)...(4 * LoopbackCamera.fps + 2) ~= span, "\(span) frames for 4 s at \(LoopbackCamera.fps) fps")
        // The guest is emulated (5-20x slower than the host): v4l2loopback skips the frames of a
        // reader more than two behind, and FFmpeg's -re catches up after a stall in a burst (two
        // frames in one interval: camsched counts the interval before them as a dropped frame).
        #expect(dropped >= 0 && dropped <= 6, "\(dropped) frames dropped")
    }

    static func sidecar(of file: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file.path + ".json"))) as? [String: Any] ?? [:]
    }

    /// The sidecar's first and last sequence number.
    static func sequence(of file: URL) throws -> (first: Int, last: Int) {
        let sequence = try Self.sidecar(of: file)["sequence"] as? [String: Any] ?? [:]
        return (try #require(sequence["first"] as? Int), try #require(sequence["last"] as? Int))
    }
}

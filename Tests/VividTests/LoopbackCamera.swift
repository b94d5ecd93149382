import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

/// A V4L2 camera that delivers compressed frames, in the vivid guest: a v4l2loopback node
/// (`scripts/build-v4l2loopback.sh` builds the module for the guest's kernel) that FFmpeg
/// writes a prepared MJPEG or H.264 clip into at its own rate (`-re`), so the capture side is a
/// real V4L2 driver's MJPG or H264 format, frame by frame as written (one `write` is one buffer).
///
/// The clip is made first (testsrc2, whose every frame differs), so the frames camsched files
/// can be matched one by one against what the camera delivered. An MJPEG camera can deliver
/// damaged frames too (`damagedEvery`): the clip is then a folder of JPEG files, every n-th of
/// which is cut short, has a tail of zeros or is garbage, written as they are (``isDamaged(_:)``).
final class LoopbackCamera {
    enum Codec: String { case mjpeg, h264 }

    /// The loopback nodes the module is loaded with: one per codec, so a test never meets a node
    /// left in another format.
    static func node(for codec: Codec) -> String { codec == .mjpeg ? "/dev/video40" : "/dev/video41" }
    static let width = 640, height = 360
    /// 15 fps: v4l2loopback writes the next frame into whichever buffer is next in turn, even
    /// one the reader has dequeued and is still copying (a real driver never does), so a reader
    /// stalled for as many frame intervals as it has buffers (6 for a recording) gets torn or
    /// repeated frames. The emulated guest on a busy host stalls for a few hundred ms at times:
    /// at 30 fps that happened in about one run of four, which is the loopback's fault, not what
    /// these tests are about.
    static let fps = 15
    /// Keyframe interval of the H.264 clip (frames).
    static let gop = 15
    /// Length of the clip (s): longer than camsched's start plus its recording in the guest.
    static let clipSeconds = 40

    let codec: Codec
    let node: String
    let clip: URL
    /// Every n-th frame (from 0: frames n−1, 2n−1, …) is damaged; nil: none is.
    let damagedEvery: Int?
    private let writer: ChildProcess
    private let writerLog: URL

    /// Loads the module if needed, makes the clip in `dir`, starts the writer and waits until
    /// the node is a capture device (with `exclusive_caps` it is one only while written to).
    init(_ codec: Codec, in dir: TemporaryDirectory, damagedEvery: Int? = nil) throws {
        try Self.loadModule()
        self.codec = codec
        self.damagedEvery = damagedEvery
        node = Self.node(for: codec)
        if let damagedEvery {
            try #require(codec == .mjpeg, "only MJPEG frames are damaged")
            clip = try Self.damagedFrames(every: damagedEvery, in: dir)
        } else {
            clip = try Self.clip(codec, in: dir)
        }
        // A webcam's H.264 is Annex B with its parameter sets in front of each keyframe.
        let annexB = codec == .h264 ? ["-bsf:v", "h264_mp4toannexb"] : []
        let input = damagedEvery == nil ? ["-i", clip.path] : ["-framerate", "\(Self.fps)", "-i", clip.path]
        writerLog = dir.file("writer-\(codec.rawValue).err")
        writer = try ProcessRunner.start("/usr/bin/ffmpeg", ["-v", "error", "-re"] + input + ["-map", "0:v", "-c:v", "copy"]
                                             + annexB + ["-f", "v4l2", node],
                                         stdout: dir.file("writer.out"), stderr: writerLog)
        let ready = Wait.until(seconds: 60, every: 0.2) {
            guard let device = try? V4L2Device(path: node, requireCapture: true) else { return false }
            device.close()
            return true
        }
        try #require(ready, "\(node) did not become a capture device: \(writerStatus)")
        // FFmpeg's output device does not say the rate, and the node claims 30 fps until told:
        // camsched takes a driver's rate as the rate in force, and counts a missing frame for
        // each interval without one. The rate is the node's, not the reader's, so set it once.
        let rate = try ProcessRunner.run("/usr/bin/v4l2-ctl", ["-d", node, "--set-parm=\(Self.fps)"])
        try #require(rate.status == 0, "v4l2-ctl --set-parm=\(Self.fps) on \(node): \(rate.stderr)")
    }

    /// The clip FFmpeg plays into the node: testsrc2 for ``clipSeconds``.
    private static func clip(_ codec: Codec, in dir: TemporaryDirectory) throws -> URL {
        let clip = dir.file("clip-\(codec.rawValue).mkv")
        let encoder = codec == .mjpeg
            ? ["-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj420p"]
            : ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p",
               "-g", "\(Self.gop)", "-keyint_min", "\(Self.gop)", "-sc_threshold", "0"]
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                             "testsrc2=size=\(Self.width)x\(Self.height):rate=\(Self.fps)",
                                                             "-t", "\(Self.clipSeconds)"] + encoder + [clip.path], timeout: 300)
        try #require(made.status == 0, "making the clip: \(made.stderr)")
        return clip
    }

    /// ``clipSeconds`` of MJPEG as JPEG files (`frames/00001.jpg` …, FFmpeg's image sequence
    /// pattern returned), every `every`-th of them damaged in turn: cut short at 3/5, its second
    /// half zeros (a buffer whose tail was never written), or random bytes.
    private static func damagedFrames(every: Int, in dir: TemporaryDirectory) throws -> URL {
        let folder = dir.file("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                             "testsrc2=size=\(Self.width)x\(Self.height):rate=\(Self.fps)",
                                                             "-t", "\(Self.clipSeconds)", "-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj420p",
                                                             folder.appendingPathComponent("%05d.jpg").path], timeout: 300)
        try #require(made.status == 0, "making the frames: \(made.stderr)")
        var random = SystemRandomNumberGenerator()
        for index in stride(from: every - 1, to: Self.clipSeconds * Self.fps, by: every) {
            let file = folder.appendingPathComponent(String(format: "%05d.jpg", index + 1))
            let good = try Data(contentsOf: file)
            let damaged: Data
            switch index / every % 3 {
            case 0: damaged = good.prefix(good.count * 3 / 5)
            case 1: damaged = good.prefix(good.count / 2) + Data(count: good.count - good.count / 2)
            default: damaged = Data((0..<good.count).map { _ in UInt8.random(in: 0...255, using: &random) })
            }
            try damaged.write(to: file)
        }
        return folder.appendingPathComponent("%05d.jpg")
    }

    /// Whether the camera's frame `index` (its V4L2 sequence number) was damaged.
    func isDamaged(_ index: Int) -> Bool { damagedEvery.map { index % $0 == $0 - 1 } ?? false }

    deinit { stop() }

    /// Whether the writer still runs, and what it said.
    var writerStatus: String {
        let said = (try? String(contentsOf: writerLog, encoding: .utf8)) ?? ""
        return (writer.isRunning ? "the writer runs" : "the writer exited \(writer.terminationStatus)") + (said.isEmpty ? "" : ": \(said)")
    }

    func stop() {
        guard writer.isRunning else { return }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
    }

    /// Why the loopback cannot be made (the test fails with this text).
    struct Unavailable: Error, CustomStringConvertible { let description: String }

    /// The module's path in the work tree and why it may be missing.
    static let modulePath = CamschedBinary.repository.appendingPathComponent(".cache/v4l2loopback/v4l2loopback.ko").path

    /// insmod the module afresh for each camera; throws saying why when it was not built or does
    /// not load, which fails the test (never a silent skip). Afresh: v4l2loopback 0.12 marks a
    /// node's writer only when it streams with buffers, so after FFmpeg's `write()`-based writer
    /// closes, the node's output side stays unannounced and the next writer's `VIDIOC_G_FMT`
    /// fails with EINVAL until the module is loaded again.
    static func loadModule() throws {
        if FileManager.default.fileExists(atPath: "/sys/module/v4l2loopback") {
            let removed = try ProcessRunner.run("/sbin/rmmod", ["v4l2loopback"])
            try #require(removed.status == 0, "rmmod v4l2loopback failed (\(removed.status)): \(removed.stderr)")
        }
        guard FileManager.default.fileExists(atPath: modulePath) else {
            let why = (try? String(contentsOfFile: CamschedBinary.repository.appendingPathComponent(".cache/v4l2loopback/UNAVAILABLE").path,
                                   encoding: .utf8)) ?? "scripts/build-v4l2loopback.sh has not run"
            throw Unavailable(description: "v4l2loopback is not available for the guest's kernel, so the V4L2 MJPEG/H.264 copy path "
                                  + "cannot be tested: \(why.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let loaded = try ProcessRunner.run("/sbin/insmod", [modulePath, "devices=2", "video_nr=40,41", "exclusive_caps=1,1", "max_buffers=8",
                                                             "card_label=LoopbackMJPEG,LoopbackH264"])
        try #require(loaded.status == 0, "insmod \(modulePath) failed (\(loaded.status)): \(loaded.stderr)")
    }

    /// MD5s of `file`'s frames in order, as stored: each MJPEG packet; the slices (NAL types 1-5)
    /// of each H.264 access unit, so where a muxer keeps the parameter sets does not matter.
    func frameHashes(_ file: URL) throws -> [String] {
        let slices = codec == .h264 ? ["-bsf:v", "h264_mp4toannexb,filter_units=pass_types=1-5"] : []
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-map", "0:v", "-c:v", "copy"] + slices
                                               + ["-f", "framemd5", "-"], timeout: 300)
        guard result.status == 0 else { throw MediaProbe.ProbeError.failed(file.path, result.stderr) }
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Whether `filed` is `delivered` with some frames left out, in order, none twice.
    static func isInOrder(_ filed: [String], from delivered: ArraySlice<String>) -> Bool {
        var rest = delivered[...]
        for hash in filed {
            guard let at = rest.firstIndex(of: hash) else { return false }
            rest = rest[(at + 1)...]
        }
        return true
    }
}

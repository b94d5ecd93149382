import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// An RTSP camera's H.264 filed as it came (`codec: "copy"`), from a real RTSP server
/// (GStreamer's, `scripts/rtsp-test-server.py`, 10 fps, a keyframe every second): a minute in
/// 10 s segments keeps every frame, each file starts on a keyframe, and the server stopped for
/// five seconds mid-run costs only the gap.
@Suite struct RTSPCopyTests {
    @Test func aMinuteOfRTSPH264IsCopiedInSegmentsAcrossAServerStop() throws {
        let dir = try TemporaryDirectory()
        var server = try RTSPCameraTests.Server(dir)
        // The server stays away for five seconds once two files are filed.
        let (run, back) = try RTSPCameraTests.recordAcrossAServerStop(dir, server: &server, name: "c", path: "h264",
                                                                      record: #""duration": "60s", "segment": "10s", "codec": "copy""#,
                                                                      filed: "segment-000002.mp4", within: 60, away: 5)
        try NetworkCameraTests.expectOneGap(run, dir: dir, job: "c", back: back, files: 6)
        let files = RTSPCameraTests.files(dir, job: "c")
        var frames = 0
        var previousEnd: Date?
        var firstStart: Date?
        var gaps: [Double] = []
        for file in files {
            let probe = try MediaProbe.probe(file)
            let sidecar = try JobFixtures.sidecar(file)
            #expect(probe.codec == "h264" && probe.frames == sidecar["frames"] as? Int, "\(file.lastPathComponent)")
            #expect(try MediaProbe.keyframeIndexes(file).first == 0, "\(file.lastPathComponent) starts on a keyframe")
            #expect((sidecar["encoder"] as? [String: Any])?["name"] as? String == "copy")
            #expect(sidecar["droppedFrames"] as? Int == 0, "\(file.lastPathComponent): \(sidecar["droppedFrames"] ?? "nil")")
            // Frames are timed by the stream's own (RTP) timestamps, not by when network
            // jitter let them arrive (up to 4 ms off on loopback): 0.1 s apart within 2 ms in the
            // whole files (the last frames a stopping server sends are its own business).
            let spacing = try Self.frameGaps(file)
            #expect(probe.frames < 90 || spacing.allSatisfy { abs($0 - 0.1) < 0.002 },
                    "\(file.lastPathComponent): frames from \(spacing.min() ?? 0) to \(spacing.max() ?? 0) s apart")
            frames += probe.frames
            let started = try #require((sidecar["startedAt"] as? String).flatMap { ISO8601DateFormatter.fractional.date(from: $0) })
            let ended = try #require((sidecar["endedAt"] as? String).flatMap { ISO8601DateFormatter.fractional.date(from: $0) })
            if let previousEnd { gaps.append(started.timeIntervalSince(previousEnd)) } else { firstStart = started }
            previousEnd = ended
        }
        // Between files of one connection there is no gap; across the server's absence the gap
        // is that absence, plus at most one GOP: a copy resumes at the camera's next keyframe.
        let away = try #require(try files.lazy.compactMap { try Self.interruptionSeconds($0) }.first)
        let across = gaps.max() ?? 0
        #expect(gaps.filter { $0 != across }.allSatisfy { abs($0) < 0.001 }, "\(gaps)")
        #expect(across >= away && across <= away + 1.05, "gap \(across) s, the server was away \(away) s")
        // The files cover the minute but for what came before the first keyframe (a copy
        // starts on one: at most a GOP), and every frame that came was kept: their span at
        // 10 fps less the gap.
        let span = try #require(previousEnd).timeIntervalSince(try #require(firstStart))
        #expect(span > 58.95 && span <= 60.05, "the files span \(span) s of the 60 s recording")
        #expect(abs(Double(frames) - (span - across) * 10) <= 2, "\(frames) frames in \(span) s, gap \(across) s")
    }

    @Test func pressureOnACopiedNetworkStreamLeavesOutWholeGOPs() throws {
        let dir = try TemporaryDirectory()
        let server = try RTSPCameraTests.Server(dir)
        let level = dir.file("level")
        // Pressure from the start: the server's rate cannot be lowered, so whole GOPs go.
        try "serious".write(to: level, atomically: true, encoding: .utf8)
        let job = try dir.write("p.json", """
            {"name": "p", "camera": {"device": "rtsp://127.0.0.1:\(server.port)/h264"},
             "capture": {"record": {"duration": "12s", "codec": "copy"}},
             "throttle": {"serious": 5}, "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--pressure-from", level.path],
                                            environment: NetworkCameraTests.quiet, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let file = try #require(RTSPCameraTests.files(dir, job: "p").first)
        let probe = try MediaProbe.probe(file)
        let sidecar = try JobFixtures.sidecar(file)
        // Every frame kept decodes (ffprobe decodes them all: a frame whose keyframe was left
        // out would not), none is counted as lost, and about half the GOPs were kept.
        #expect(probe.codec == "h264" && probe.frames == sidecar["frames"] as? Int)
        #expect(sidecar["droppedFrames"] as? Int == 0, "\(sidecar["droppedFrames"] ?? "nil")")
        #expect((40...80).contains(probe.frames), "\(probe.frames) of about 120 frames kept")
        let errors = try MediaProbe.decodingErrors(file)
        #expect(errors.isEmpty, "decoding errors: \(errors)")
        // The kept GOPs are whole: a keyframe every 10 frames, as the server sends them.
        let keyframes = try MediaProbe.keyframeIndexes(file)
        #expect(keyframes.first == 0 && zip(keyframes, keyframes.dropFirst()).allSatisfy { $1 - $0 == 10 }, "\(keyframes)")
        let changes = sidecar["pressure"] as? [[String: Any]] ?? []
        #expect(changes.first?["method"] as? String == "dropping whole GOPs" && changes.first?["fps"] as? Double == 5, "\(changes)")
    }

    /// The gaps between consecutive frames of `file`, in seconds, as stored.
    static func frameGaps(_ file: URL) throws -> [Double] {
        let result = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                "packet=pts_time", "-of", "csv=p=0", file.path], timeout: 120)
        guard result.status == 0 else { throw MediaProbe.ProbeError.failed(file.path, result.stderr) }
        let times = result.stdout.split(separator: "\n").compactMap { Double($0) }.sorted()
        return zip(times, times.dropFirst()).map { $1 - $0 }
    }

    /// The length of the interruption `file`'s sidecar lists (the gap right before it), if any.
    static func interruptionSeconds(_ file: URL?) throws -> Double? {
        guard let file else { return nil }
        let gaps = try JobFixtures.sidecar(file)["interruptions"] as? [[String: Any]] ?? []
        guard let gap = gaps.first, let from = (gap["at"] as? String).flatMap({ ISO8601DateFormatter.fractional.date(from: $0) }),
              let to = (gap["resumedAt"] as? String).flatMap({ ISO8601DateFormatter.fractional.date(from: $0) }) else { return nil }
        return to.timeIntervalSince(from)
    }
}

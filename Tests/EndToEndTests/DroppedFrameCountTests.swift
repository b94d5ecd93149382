import CamschedTestSupport
import Foundation
import Testing

/// Dropped frames through the binary: the frames a time-lapse leaves between its shots (and
/// those of a camera slowed down on purpose meanwhile) are not dropped; frames the camera loses
/// are, exactly. The stills' sidecars, `--json`'s `done`, `/metrics` and the status JSON agree.
@Suite(.serialized) struct DroppedFrameCountTests {
    /// The test camera's deterministic losses (`dropPercent`), as `SyntheticCamera.isDropped`.
    static func isDropped(_ sequence: UInt32, percent: Double) -> Bool {
        var x = UInt64(sequence) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 32
        return Double(x % 10_000) < percent * 100
    }

    static func sidecars(_ dir: TemporaryDirectory) throws -> [[String: Any]] {
        try JobFixtures.filed(dir, ext: "jpg").map { try JobFixtures.sidecar($0) }
            .sorted { ($0["seq"] as? Int ?? 0) < ($1["seq"] as? Int ?? 0) }
    }

    static func captures(_ dir: TemporaryDirectory) -> Int {
        let text = (try? String(contentsOf: dir.file("status.out"), encoding: .utf8)) ?? ""
        return JobFixtures.events(text).filter { $0["event"] as? String == "capture" }.count
    }

    static func done(_ dir: TemporaryDirectory) -> [String: Any]? {
        let text = (try? String(contentsOf: dir.file("status.out"), encoding: .utf8)) ?? ""
        return JobFixtures.events(text).first { $0["event"] as? String == "done" }
    }

    static func metricDropped(_ live: LiveStatusProcess, job: String, in dir: TemporaryDirectory) throws -> Double? {
        PrometheusText.value(try PrometheusText.parse(try live.get("/metrics").text, in: dir), "camsched_frames_dropped_total", job: job)
    }

    /// The case: 640x360, every 2 s, aligned, nothing lost — 0 everywhere, however long.
    @Test func aTimeLapseThatLosesNothingReportsNoDroppedFrames() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", """
        {"name": "tl", "camera": {"device": "test:?size=640x360"},
         "capture": {"interval": {"every": "2s", "count": 4, "align": true}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let live = try LiveStatusProcess(["run", job.path, "--json", "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(live.wait(seconds: 30) { Self.captures(dir) >= 3 }, "\(live.log)")
        #expect(try Self.metricDropped(live, job: "tl", in: dir) == 0)
        #expect(try live.job("tl")["droppedFrames"] as? Int == 0)
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 0, "\(live.log)")
        let stills = try Self.sidecars(dir)
        #expect(stills.count == 4)
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == [0, 0, 0, 0])
        #expect(Self.done(dir)?["droppedFrames"] as? Int == 0)
    }

    /// A camera that loses 20 % of its frames: each still's sidecar holds exactly the frames
    /// the camera lost up to it, `/metrics` what it lost up to when it was read, `done` the run's.
    @Test func aTimeLapseCountsExactlyTheFramesTheCameraLost() throws {
        let dir = try TemporaryDirectory()
        let percent = 20.0
        // 5 fps: no slower rate to idle at between shots, so every frame of the run is numbered.
        let job = try dir.write("tl.json", """
        {"name": "tl", "camera": {"device": "test:?size=320x180&fps=5&dropPercent=\(Int(percent))", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 6}},
         "output": {"root": "out", "path": "{job}/{seq}", "catalog": false}}
        """)
        let live = try LiveStatusProcess(["run", job.path, "--json", "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(live.wait(seconds: 30) { Self.captures(dir) >= 3 }, "\(live.log)")
        let metric = try #require(try Self.metricDropped(live, job: "tl", in: dir))
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 0, "\(live.log)")
        let stills = try Self.sidecars(dir)
        try #require(stills.count == 6)
        // From the first still on, each still adds exactly the frames the camera lost since the
        // one before (the stream counts from its first frame, which the first still may follow).
        let sequences = try stills.map { try #require(($0["sequence"] as? [String: Any])?["first"] as? Int) }
        let base = try #require(stills.first?["droppedFrames"] as? Int)
        #expect(base <= (0..<UInt32(sequences[0])).filter { Self.isDropped($0, percent: percent) }.count)
        let lost = sequences.map { sequence in
            base + (UInt32(sequences[0]) + 1..<UInt32(max(sequence, sequences[0] + 1))).filter { Self.isDropped($0, percent: percent) }.count
        }
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == lost)
        #expect((lost.last ?? 0) > 0)
        #expect(metric >= Double(lost[2]) && metric <= Double(lost[5]), "/metrics said \(metric) between stills 3 and 6: \(lost)")
        let done = try #require(Self.done(dir)?["droppedFrames"] as? Int)
        let lastSequence = try #require((stills.last?["sequence"] as? [String: Any])?["first"] as? Int)
        let after = (UInt32(lastSequence) + 1...UInt32(lastSequence) + 5).filter { Self.isDropped($0, percent: percent) }.count
        #expect(done >= lost[5] && done <= lost[5] + after, "done says \(done), the last still \(lost[5])")
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// Dropped frames through the binary: the frames a time-lapse leaves between its shots (and
/// those of a camera slowed down on purpose meanwhile) are not dropped; frames the camera loses
/// are, exactly. The stills' sidecars, `--json`'s `done`, `/metrics` and the status JSON agree.
@Suite(.serialized) struct DroppedFrameCountTests {
    /// The test camera's deterministic losses (`dropPercent`), as `SyntheticBackend.isDropped`.
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

    /// A camera that loses 30 % of its frames: each still's sidecar holds exactly the frames
    /// the camera lost up to it while the job wanted frames — those due between a shot's due
    /// time and its frame, which made the shot later; not those lost between shots, which it
    /// would not have taken — `/metrics` the count when it was read, `done` the run's.
    @Test func aTimeLapseCountsExactlyTheFramesTheCameraLost() throws {
        let dir = try TemporaryDirectory()
        let percent = 30.0
        // 5 fps: no slower rate to idle at between shots, so every frame of the run is numbered.
        // Every 1.07 s: no shot is due within 10 ms of a frame (the sidecars' times have ms).
        let job = try dir.write("tl.json", """
        {"name": "tl", "camera": {"device": "test:?size=320x180&fps=5&dropPercent=\(Int(percent))", "warmup": "0s"},
         "capture": {"interval": {"every": "1070ms", "count": 6}},
         "output": {"root": "out", "path": "{job}/{seq}", "catalog": false}}
        """)
        let live = try LiveStatusProcess(["run", job.path, "--json", "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(live.wait(seconds: 30) { Self.captures(dir) >= 3 }, "\(live.log)")
        let metric = try #require(try Self.metricDropped(live, job: "tl", in: dir))
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 0, "\(live.log)")
        let stills = try Self.sidecars(dir)
        try #require(stills.count == 6)
        // The first still takes the stream's first frame; each later one adds the frames lost
        // just before its own frame that were due at or after its due time (`scheduledAt`).
        let sequences = try stills.map { try #require(($0["sequence"] as? [String: Any])?["first"] as? Int) }
        let late = try stills.map { still in
            let date = { (key: String) in ISO8601DateFormatter.fractional.date(from: still[key] as? String ?? "") }
            let started = try #require(date("startedAt")), due = try #require(date("scheduledAt"))
            return started.timeIntervalSince(due)
        }
        let added = sequences.indices.dropFirst().map { k in
            let run = (0..<sequences[k]).reversed().prefix { Self.isDropped(UInt32($0), percent: percent) }.count
            return (1...max(run, 1)).filter { $0 <= run && Double($0) * 0.2 <= late[k] }.count
        }
        let lost = [0] + added.indices.map { added[...$0].reduce(0, +) }
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == lost, "\(sequences), late by \(late)")
        #expect((lost.last ?? 0) > 0, "the camera lost frames a shot waited for: \(sequences)")
        #expect(metric >= Double(lost[2]) && metric <= Double(lost[5]), "/metrics said \(metric) between stills 3 and 6: \(lost)")
        // After the last shot no frame is wanted.
        #expect(Self.done(dir)?["droppedFrames"] as? Int == lost[5])
    }
}

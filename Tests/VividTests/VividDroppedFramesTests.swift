import CamschedTestSupport
import Foundation
import Testing

/// Dropped frames on vivid: a time-lapse slowed down between its shots (vivid renumbers its
/// frames at each rate change) reports none; frames vivid loses (`percentage_of_dropped_buffers`)
/// are counted exactly, in the sidecars and in `--json`'s `done`.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividDroppedFramesTests {
    static func run(_ dir: TemporaryDirectory, capture: String) throws -> (status: Int32, stills: [[String: Any]], done: [String: Any]?, log: String) {
        let job = try dir.write("d.json", """
        {"name": "d", "camera": {"device": "\(VividEnvironment.primary)", "size": "640x360", "fps": 30, "pixelFormat": "YUYV", "warmup": "0s"},
         "capture": \(capture),
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], timeout: 240)
        let stills = try dir.files().filter { $0.hasSuffix(".jpg") }.sorted().map {
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file($0 + ".json"))) as? [String: Any] ?? [:]
        }
        let done = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["event"] as? String == "done" }
        return (result.status, stills, done, result.stderr)
    }

    @Test func aTimeLapseSlowedDownBetweenShotsReportsNoDroppedFrames() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let (status, stills, done, log) = try Self.run(dir, capture: "{\"interval\": {\"every\": \"2s\", \"count\": 4}}")
        #expect(status == 0, "\(log)")
        #expect(stills.count == 4)
        #expect(stills.map { $0["droppedFrames"] as? Int ?? -1 } == [0, 0, 0, 0], "\(stills.map { $0["sequence"] ?? "" })")
        #expect(done?["droppedFrames"] as? Int == 0)
    }

    /// A burst at the camera's rate takes consecutive frames: the numbers missing between its
    /// stills are exactly the frames vivid lost, and each still carries the run's count so far.
    /// (In the emulated guest vivid's timestamps jitter: a frame closer to the last than one
    /// interval is still taken — skipping it once made a gap of two count as one.)
    @Test func framesVividLosesAreCountedExactly() throws {
        try VividEnvironment.captureDevice().close()
        try VividResilienceTests.control("percentage_of_dropped_buffers=20")
        defer { try? VividResilienceTests.control("percentage_of_dropped_buffers=0") }
        let dir = try TemporaryDirectory()
        let (status, stills, done, log) = try Self.run(dir, capture: "{\"burst\": {\"count\": 30}}")
        #expect(status == 0, "\(log)")
        try #require(stills.count == 30)
        let sequences = stills.compactMap { ($0["sequence"] as? [String: Any])?["first"] as? Int }
        let counts = stills.compactMap { $0["droppedFrames"] as? Int }
        try #require(sequences.count == 30 && counts.count == 30)
        for index in 1..<30 {
            let missing = sequences[index] - sequences[index - 1] - 1
            #expect(counts[index] - counts[index - 1] == missing, "between \(sequences[index - 1]) and \(sequences[index])")
        }
        #expect((counts.last ?? 0) - (counts.first ?? 0) > 0, "vivid lost frames: \(sequences)")
        #expect((done?["droppedFrames"] as? Int ?? -1) >= (counts.last ?? 0))
    }
}

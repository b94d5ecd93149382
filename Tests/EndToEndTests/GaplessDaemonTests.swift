import CamschedTestSupport
import Foundation
import Testing

/// The cookbook's around-the-clock recipe under `camsched daemon`: one recording that never
/// ends (`schedule.always`, no `duration`), cut on the clock's grid (`"segment": {"every":
/// "10s", "align": true}`, a shortened hour), run across two boundaries and stopped with
/// SIGTERM. Every file is decoded: the frame numbers the test camera draws run on across the
/// files with none missing or doubled, the files after the first begin on the boundaries, and
/// the last one is filed complete at the stop.
@Suite(.serialized) struct GaplessDaemonTests {
    @Test func anEncodedRecordingIsCutOnTheClockWithoutLosingAFrame() throws {
        // Raw frames encoded with H.264: each file begins with the first frame at or after the
        // boundary (forced to a keyframe), within one frame interval (0.1 s at 10 fps).
        try recordAcrossTwoBoundaries(device: "test:?size=320x180&fps=10", fps: 10,
                                      codec: #""preset": "ultrafast""#, startTolerance: 0.1)
    }

    @Test func aCopiedH264StreamIsCutOnTheClockWithoutLosingAFrame() throws {
        // The camera's own H.264 with a keyframe every 15 frames (0.5 s): each file begins at
        // the first keyframe at or after the boundary, within one keyframe interval.
        try recordAcrossTwoBoundaries(device: "test:?format=H264&gop=15&size=640x360&fps=30", fps: 30,
                                      codec: #""codec": "copy""#, startTolerance: 0.5)
    }

    private func recordAcrossTwoBoundaries(device: String, fps: Double, codec: String, startTolerance: Double) throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yard.json", """
            {"name": "yard", "camera": {"device": "\(device)", "warmup": "0s"},
             "capture": {"record": {"segment": {"every": "10s", "align": true}, \(codec)}},
             "schedule": {"always": true, "timezone": "Asia/Kolkata"},
             "output": {"root": "../out", "path": "{job}/%H%M%S"}}
            """)
        let process = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { process.terminate() } }
        // The first file ends at the first boundary, the second at the next one (at most 20 s
        // after the start, plus the camera's start and a loaded machine's slack).
        let two = Wait.until(seconds: 60, every: 0.2) { JobFixtures.filed(dir, ext: "mp4").count >= 2 }
        let log = { (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "" }
        try #require(two, "two files filed: \(dir.files())\n\(log())")
        // Time itself is the scenario here: the third file records for two seconds, well
        // before its boundary (8 s later), and is then ended by SIGTERM.
        Thread.sleep(forTimeInterval: 2)
        process.terminate()
        #expect(process.waitUntilExit(seconds: 30))
        #expect(process.terminationStatus == 143, "\(log())")
        let files = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(files.count == 3, "\(files.map(\.lastPathComponent))\n\(log())")
        #expect(!dir.files().contains { $0.hasSuffix(".partial") }, "\(dir.files())")
        var numbers: [UInt32] = []
        var starts: [Double] = []
        for file in files {
            let sidecar = try JobFixtures.sidecar(file)
            let started = try #require(Self.date(sidecar["startedAt"] as? String))
            starts.append(started.timeIntervalSince1970)
            let decoded = try StreamCopyTests.frameNumbers(in: file)
            #expect(sidecar["frames"] as? Int == decoded.count, "\(file.lastPathComponent)")
            #expect(try MediaProbe.keyframeIndexes(file).first == 0, "\(file.lastPathComponent) starts on a keyframe")
            numbers += decoded
        }
        // Every frame once, in order, across both cuts.
        let first = try #require(numbers.first)
        #expect(numbers == Array(first..<(first + UInt32(numbers.count))), "\(Self.breaks(numbers))")
        // The second and third files begin on consecutive 10 s marks of the clock, named by them.
        for (index, start) in starts.enumerated().dropFirst() {
            let mark = (start / 10).rounded(.down) * 10
            #expect(start - mark <= startTolerance + 0.02, "file \(index + 1) starts \(start - mark) s after its mark")
            #expect(files[index].lastPathComponent == Self.name(of: Date(timeIntervalSince1970: mark)) + ".mp4")
        }
        #expect(((starts[2] - starts[1]) / 10).rounded() == 1, "consecutive marks: \(starts)")
        // The middle file is a whole segment: 10 s of frames (±1 for a keyframe's position).
        let middle = try StreamCopyTests.frameNumbers(in: files[1]).count
        #expect(abs(Double(middle) - 10 * fps) <= (codec.contains("copy") ? 15 : 1), "\(middle) frames in the middle file")
    }

    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// `HHmmss` of a date in the job's zone (Asia/Kolkata: +05:30, so a mark of the zone's
    /// clock is not one of UTC's hours).
    static func name(of date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Kolkata")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HHmmss"
        return formatter.string(from: date)
    }

    /// Where consecutive numbers break, for a readable failure.
    static func breaks(_ numbers: [UInt32]) -> [String] {
        zip(numbers, numbers.dropFirst()).filter { $1 != $0 &+ 1 }.map { "\($0)→\($1)" }
    }
}

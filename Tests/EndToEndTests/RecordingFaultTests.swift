import CamschedTestSupport
import Foundation
import Testing

/// The recording-core promises end to end on the binary: a camera that goes and comes back
/// costs only the gap, in every run; a full disk costs only what did not fit; counts are exact.
@Suite(.serialized) struct RecordingFaultTests {
    @Test func aCameraThatReturnsCostsOnlyTheGapInEveryRun() throws {
        for run in 0..<3 {
            let dir = try TemporaryDirectory()
            let card = "back-\(run)-\(UUID().uuidString.prefix(6))"
            let job = try dir.write("r.json", JobFixtures.record(
                device: "test:?size=320x180&fps=15&disconnectAfter=3s&returnAfter=2s&card=\(card)", duration: "10s", segment: "2s"))
            let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"],
                                                environment: ["CAMSCHED_PRESSURE_SOURCES": "file"], timeout: 120)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
            let videos = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
            var covered = 0.0
            var previousEnd: Date?
            for video in videos {
                let side = try JobFixtures.sidecar(video)
                let frames = side["frames"] as? Int ?? -1
                #expect(try MediaProbe.probe(video).frames == frames, "every segment plays whole: \(video.lastPathComponent)")
                #expect(frames + (side["droppedFrames"] as? Int ?? 0) > 0)
                let start = try #require((side["startedAt"] as? String).flatMap(Self.date))
                let end = try #require((side["endedAt"] as? String).flatMap(Self.date))
                if let previousEnd { #expect(previousEnd <= start, "segments do not overlap") }
                previousEnd = end
                covered += end.timeIntervalSince(start)
            }
            // Each gap is listed once, by the file it split off.
            let listed = try videos.flatMap { try JobFixtures.sidecar($0)["interruptions"] as? [[String: Any]] ?? [] }
            let gaps = listed.compactMap { gap -> Double? in
                guard let at = (gap["at"] as? String).flatMap(Self.date), let back = (gap["resumedAt"] as? String).flatMap(Self.date)
                else { return nil }
                return back.timeIntervalSince(at)
            }
            #expect(gaps.count == 1 && listed.count == 1, "one interruption, resumed: \(listed)")
            // Resumed within 2 s of the camera's return (2 s after the loss).
            #expect((gaps.first ?? 99) < 4.0, "gap \(gaps)")
            #expect(abs(covered + (gaps.first ?? 0) - 10) < 0.6, "the files and the gap make up the 10 s: \(covered) + \(gaps)")
        }
    }

    @Test(.enabled(if: getuid() == 0))
    func aFullDiskFilesThePartThatFittedAndExitsOne() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("out"), size: "3m")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        let job = try dir.write("full.json", JobFixtures.record(
            device: "test:?size=640x360&fps=30&pattern=noise", duration: "20s", segment: "4s"))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"],
                                            environment: ["CAMSCHED_PRESSURE_SOURCES": "file"], timeout: 120)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("disk full") && result.stderr.contains(mount.path), "\(result.stderr)")
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: mount.path)
        #expect(!onDisk.contains { $0.contains(".partial") }, "no partial file left: \(onDisk)")
        let videos = onDisk.filter { $0.hasSuffix(".mp4") }.sorted().map { mount.appendingPathComponent($0) }
        let cut = try #require(videos.last, "the part that fitted is filed: \(onDisk)")
        let side = try JobFixtures.sidecar(cut)
        #expect(side["truncated"] as? String == "disk full")
        let frames = try #require(side["frames"] as? Int)
        let played = try MediaProbe.probe(cut).frames
        #expect(frames > 0 && played == frames, "it plays, every frame the sidecar counts")
        let events = JobFixtures.events(result.stdout)
        #expect(events.contains { $0["event"] as? String == "segment" && $0["truncated"] as? String == "disk full" })
    }

    /// Issue 26: with 2 s segments the segment open when the disk filled was dropped (its
    /// sidecar and the remux of the one before needed room that was not there).
    @Test(.enabled(if: getuid() == 0))
    func aFullDiskKeepsTheCompleteFragmentsOfTheOpenSegment() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("out"), size: "3m")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        let job = try dir.write("full.json", JobFixtures.record(
            device: "test:?size=320x180&fps=30&pattern=noise", duration: "30s", segment: "2s")
            .replacingOccurrences(of: "\"preset\": \"ultrafast\", ", with: ""))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"],
                                            environment: ["CAMSCHED_PRESSURE_SOURCES": "file"], timeout: 120)
        #expect(result.status == 1, "\(result.stderr)")
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: mount.path)
        #expect(!onDisk.contains { $0.hasSuffix(".partial") }, "no partial file left: \(onDisk)")
        let videos = onDisk.filter { $0.hasSuffix(".mp4") }.sorted().map { mount.appendingPathComponent($0) }
        try #require(videos.count >= 2, "\(onDisk)")
        var keptSeconds = 0.0
        for (number, video) in videos.enumerated() {
            let side = try JobFixtures.sidecar(video)
            let frames = try #require(side["frames"] as? Int)
            let played = try MediaProbe.probe(video).frames
            #expect(frames > 0 && played == frames, "\(video.lastPathComponent) plays its \(frames) frames")
            let last = number == videos.count - 1
            #expect((side["truncated"] as? String) == (last ? "disk full" : nil), "\(video.lastPathComponent): \(side["truncated"] ?? "whole")")
            // Described as it is: it ends with its last kept frame, not with those cut away.
            let start = try #require((side["startedAt"] as? String).flatMap(Self.date))
            let end = try #require((side["endedAt"] as? String).flatMap(Self.date))
            #expect(abs(end.timeIntervalSince(start) - Double(frames) / 30) < 0.1, "\(video.lastPathComponent): \(start)…\(end) for \(frames) frames")
            let lastPts = try #require(side["lastPts"] as? Int)
            #expect(abs(Double(lastPts) / 90_000 - Double(frames - 1) / 30) < 0.1, "lastPts \(lastPts) for \(frames) frames")
            keptSeconds += Double(frames) / 30
        }
        let events = JobFixtures.events(result.stdout)
        let start = try #require(events.first { $0["event"] as? String == "start" }?["time"] as? String).flatMap(Self.date)
        let full = try #require(events.first { $0["event"] as? String == "error" }?["time"] as? String).flatMap(Self.date)
        let recorded = try #require(full).timeIntervalSince(try #require(start))
        // What is lost is the fragment being written when the disk filled (at most 0.5 s) and
        // the frames still inside the encoder.
        #expect(keptSeconds > recorded - 1.5, "kept \(keptSeconds) s of \(recorded) s recorded")
    }

    @Test func intervalAndStillsEveryCountsAreExact() throws {
        let dir = try TemporaryDirectory()
        let interval = try dir.write("i.json", JobFixtures.interval(every: "1s", count: 1)
            .replacingOccurrences(of: "\"count\": 1", with: "\"duration\": \"3s\""))
        let plan = try CamschedBinary.run(["plan", interval.path, "--json", "--count", "1"])
        #expect(plan.stdout.contains("\"totalCaptures\":3"), "plan promises 3: \(plan.stdout)")
        let ran = try CamschedBinary.run(["run", interval.path, "--no-progress"], timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 3, "every 1s for 3s is 3 shots")
        let record = try dir.write("r.json", JobFixtures.record(name: "se", duration: "5s", extraCapture: ", \"stillsEvery\": \"2s\""))
        let recorded = try CamschedBinary.run(["run", record.path, "--no-progress"], timeout: 60)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg").filter { $0.lastPathComponent.hasPrefix("se-") }
        #expect(stills.count == 2, "⌊5/2⌋ stills: \(stills)")
        for still in stills { #expect(try JobFixtures.sidecar(still)["scheduledAt"] is String) }
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: a segment's `interruptions` listed every gap of the run so far, so the files after
/// a second loss told of the first too. Each file lists the gaps that came right before it.
@Suite(.serialized) struct InterruptionListTests {
    @Test func eachSegmentListsOnlyTheGapRightBeforeIt() throws {
        let dir = try TemporaryDirectory()
        let card = "loose-\(UUID().uuidString.prefix(6))"
        let job = try dir.write("r.json", JobFixtures.record(
            device: "test:?size=320x180&fps=15&disconnectAfter=2s&returnAfter=1s&disconnects=2&card=\(card)",
            duration: "11s", segment: "2s"))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"],
                                            environment: ["CAMSCHED_PRESSURE_SOURCES": "file"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let lossEvents = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"interrupted""#) || $0.contains(#""event" : "interrupted""#) }
        #expect(lossEvents.count == 2, "two losses: \(result.stdout)")
        let videos = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(videos.count >= 3, "\(videos)")
        var listedAts: [Date] = []
        var previousStart: Date?
        for video in videos {
            let side = try JobFixtures.sidecar(video)
            let start = try #require((side["startedAt"] as? String).flatMap(RecordingFaultTests.date))
            for gap in side["interruptions"] as? [[String: Any]] ?? [] {
                let at = try #require((gap["at"] as? String).flatMap(RecordingFaultTests.date))
                let back = try #require((gap["resumedAt"] as? String).flatMap(RecordingFaultTests.date),
                                        "the gap before a file ended before it: \(gap)")
                // The gap right before this file: after the previous file began, over by this one's first frame.
                #expect(back <= start && at > (previousStart ?? .distantPast), "\(video.lastPathComponent): \(gap)")
                listedAts.append(at)
            }
            previousStart = start
        }
        #expect(listedAts.count == 2 && Set(listedAts).count == 2, "each loss listed once, in the file it split off: \(listedAts)")
    }
}

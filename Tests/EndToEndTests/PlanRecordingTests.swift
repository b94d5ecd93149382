import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: `plan`'s text hid how many files a recording makes, which `--json` tells.
@Suite struct PlanRecordingTests {
    @Test func theTextPlanOfARecordingShowsItsSegmentCountAsTheJSONDoes() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("r.json", JobFixtures.record(duration: "1h", segment: "15m"))
        let from = ["--from", "2026-01-01T06:00:00Z"]
        let text = try CamschedBinary.run(["plan", job.path] + from)
        let json = try CamschedBinary.run(["plan", job.path, "--json"] + from)
        #expect(text.status == 0 && json.status == 0, "\(text.stderr) \(json.stderr)")
        let fire = try #require(JobFixtures.events(json.stdout).first)
        let segments = try #require((fire["captures"] as? [[String: Any]])?.first?["segments"] as? Int)
        #expect(segments == 4)
        let line = String(try #require(text.stdout.split(separator: "\n").first))
        #expect(line.hasPrefix("2026-01-01 06:00:00 Z (") && line.contains(")  record  1 capture(s) in \(segments) segment(s), until 2026-01-01 07:00:00 Z ("),
                "\(line)")
    }
}

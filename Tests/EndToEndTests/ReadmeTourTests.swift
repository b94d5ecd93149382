import CamschedTestSupport
import Foundation
import Testing

/// The README as a newcomer meets it: its first `camsched run` example finishes within a
/// minute from a fresh clone (the 12-hour time-lapse is not the first thing tried), and its
/// tour names and links each feature.
@Suite struct ReadmeTourTests {
    static var readme: String {
        (try? String(contentsOf: CamschedBinary.repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }

    @Test func theFirstRunExampleFinishesWithinAMinute() throws {
        let line = try #require(Self.readme.split(separator: "\n").first { $0.hasPrefix("camsched run ") }, "no run example")
        let job = try #require(line.split(separator: " ").dropFirst(2).first.map(String.init))
        let dir = try TemporaryDirectory()
        // The job as the clone has it, its root moved into the test's folder.
        let copied = try String(contentsOf: CamschedBinary.repository.appendingPathComponent(job), encoding: .utf8)
            .replacingOccurrences(of: "\"root\": \"../captures\"", with: "\"root\": \"\(dir.file("captures").path)\"")
            .replacingOccurrences(of: "\"$schema\": \"../Documentation/job.schema.json\",", with: "")
        let path = try dir.write("first.json", copied)
        let began = Date()
        let run = try CamschedBinary.run(["run", path.path, "--no-progress"], timeout: 60)
        #expect(run.status == 0 && Date().timeIntervalSince(began) < 60, "\(job): \(run.stderr)")
        #expect(!dir.files().filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".mp4") }.isEmpty, "\(job) filed nothing")
    }

    @Test(arguments: [("network cameras", "RTSP"), ("sun", "sunrise"), ("recordings", "stream copy"), ("motion", "motion"),
                      ("MQTT", "MQTT"), ("Home Assistant", "Home Assistant"), ("the page", "live-status.md"), ("metrics", "Prometheus")])
    func theTourNamesEachFeature(feature: String, words: String) {
        #expect(Self.readme.contains(words), "the README does not mention \(feature) (\(words))")
    }
}

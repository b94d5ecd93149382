import CamschedTestSupport
import Foundation
import Testing

/// Every example job in `jobs/`, compressed in time, runs end to end on the test camera.
@Suite struct ExampleJobTests {
    @Test(arguments: ExampleJobs.urls.map(\.lastPathComponent))
    func exampleJobRunsOnTheTestCamera(name: String) throws {
        let dir = try TemporaryDirectory()
        let url = CamschedBinary.repository.appendingPathComponent("jobs").appendingPathComponent(name)
        let validate = try CamschedBinary.run(["validate", url.path])
        #expect(validate.status == 0, "\(validate.stderr)")
        let job = try ExampleJobs.compressed(url, device: "test:?size=1920x1080&fps=30", into: dir)
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], timeout: 300)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let expected = ExampleJobs.expectedFiles(name)
        let stills = dir.files().filter { $0.hasPrefix("out/") && ($0.hasSuffix(".jpg") || $0.hasSuffix(".png") || $0.hasSuffix(".webp")) && !$0.contains("latest.") }
        let videos = dir.files().filter { $0.hasPrefix("out/") && ($0.hasSuffix(".mp4") || $0.hasSuffix(".mkv")) && !$0.contains("latest.") }
        #expect(expected.stills.contains(stills.count), "\(name): \(stills)")
        #expect(videos.count == expected.videos, "\(name): \(videos)")
        for file in stills + videos {
            #expect(FileManager.default.fileExists(atPath: dir.file(file).path + ".json"), "sidecar of \(file)")
            let probe = try MediaProbe.probe(dir.file(file))
            #expect(probe.width > 0 && probe.frames >= 1, "\(file) decodes")
        }
        let events = JobFixtures.events(result.stdout)
        #expect(events.first?["event"] as? String == "start")
        #expect((events.last?["exitCode"] as? Int) == 0)
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0, "\(verify.stdout)")
        let plan = try CamschedBinary.run(["plan", url.path, "--from", "2026-03-28T12:00:00Z", "--count", "3", "--json"])
        #expect(plan.status == 0)
        #expect(JobFixtures.events(plan.stdout).allSatisfy { $0["at"] is String })
    }
}

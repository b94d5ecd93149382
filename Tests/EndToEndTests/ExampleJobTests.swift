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
        let text = try String(contentsOf: url, encoding: .utf8)
        let usesMQTT = text.contains("\"mqtt\"")
        // A job that copies the camera's own H.264 gets a test camera that delivers it.
        let device = text.contains("\"H264\"") ? "test:?format=H264&size=1920x1080&fps=30" : "test:?size=1920x1080&fps=30"
        let broker = usesMQTT ? try MosquittoBroker(dir: dir) : nil
        let subscription = try broker.map { try MQTTSubscription($0, filter: "#", dir: dir) }
        let job = try ExampleJobs.compressed(url, device: device, into: dir, broker: broker?.url)
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"],
                                            environment: ["CAMSCHED_NODE": "node"], timeout: 300)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        // The broker lives until the events are read (ARC may end it after its last use).
        withExtendedLifetime(broker) { if let subscription { Self.expectAnnounced(name, subscription) } }
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

    /// An example with `mqtt` against a real mosquitto: its four stills as file events, and Home
    /// Assistant's discovery of the job's camera entity.
    static func expectAnnounced(_ name: String, _ subscription: MQTTSubscription) {
        let messages = subscription.wait { $0.contains { $0.topic.hasSuffix("/availability") && $0.text == "offline" } }
        let files = messages.filter { $0.topic.hasPrefix("camsched/node/") && $0.topic.hasSuffix("/event/capture") }
        #expect(files.count == 4, "\(name): \(subscription.text.prefix(2000))")
        #expect(messages.contains { $0.topic.hasPrefix("homeassistant/camera/node/") && $0.topic.hasSuffix("/config") },
                "\(name): Home Assistant discovery")
    }
}

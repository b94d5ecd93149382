import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: a camera that stalled, sent one more frame and was lost left a file whose
/// `segment` event said it lasted the stall longer than it does (9.6 s for 6.6 s): its last
/// frame was made to last the gap before it. The event, `--json` and MQTT report what the file
/// holds: first to last frame plus a frame interval.
@Suite struct StalledSegmentDurationTests {
    @Test func aSegmentCutShortAfterAStallReportsTheDurationItHolds() throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: "pause", pictures: [try TricklingCamera.picture(dir, size: "320x180")])
        let job = try NetworkTrickleTests.recordJob(dir, name: "p", device: camera.http, seconds: 6)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 60)
        // Never back (the server closes every later connection).
        #expect(result.status == 1, "\(result.stderr)")
        #expect(camera.saw("paused 1", seconds: 0), "the camera sent its frame after the pause")
        let segment = try #require(JobFixtures.events(result.stdout).first { $0["event"] as? String == "segment" }, "\(result.stdout)")
        let reported = try #require(segment["duration"] as? Double, "\(segment)")
        let file = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let times = try MediaProbe.probe(file, withFrameTimes: true).frameTimes
        try #require(times.count >= 3, "\(times)")
        let interval = times[1] - times[0]
        let held = times[times.count - 1] - times[0] + interval
        #expect(times[times.count - 1] - times[times.count - 2] > 2, "the last frame came after the pause: \(times)")
        #expect(abs(reported - held) <= interval, "the event says \(reported) s, the file holds \(held) s")
    }
}

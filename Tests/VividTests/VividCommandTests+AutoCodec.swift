import CamschedTestSupport
import Foundation
import Testing

extension VividCommandTests {
    /// vivid offers raw formats only (YUYV, NV12, …, no MJPEG): `codec: "auto"` encodes, and
    /// every file's sidecar and the run's log say why.
    @Test func codecAutoOnVividEncodesSayingItOffersNothingToCopy() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("auto.json", """
        {"name": "vauto", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "warmup": "0s"},
         "capture": {"record": {"duration": "2s", "segment": "1s", "codec": "auto", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.sorted().map { dir.file($0) }
        #expect(videos.count == 2)
        var reasons: Set<String> = []
        for video in videos {
            let probe = try MediaProbe.probe(video)
            #expect(probe.codec == "h264" && probe.width == 320 && probe.height == 180)
            let side = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: video.path + ".json"))) as? [String: Any] ?? [:]
            #expect(side["frames"] as? Int == probe.frames && probe.frames > 0, "the sidecar counts the frames the file holds")
            let encoder = side["encoder"] as? [String: Any] ?? [:]
            #expect(encoder["name"] as? String == "libx264", "\(encoder)")
            reasons.insert(encoder["reason"] as? String ?? "none")
        }
        let reason = try #require(reasons.count == 1 ? reasons.first : nil, "one reason for every file: \(reasons)")
        #expect(reason.hasPrefix("auto: the camera offers no MJPG") && reason.hasSuffix(" at 320x180; encoded"), "\(reason)")
        #expect(result.stderr.components(separatedBy: "codec \(reason)").count == 2, "logged once: \(result.stderr)")
    }
}

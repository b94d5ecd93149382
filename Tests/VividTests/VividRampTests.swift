import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// An exposure ramp on vivid, a real V4L2 driver (issue 29): vivid has no exposure time, only
/// `gain` (0…255, default 100: a factor of value/100) under `gain_automatic`. The ramp turns auto
/// gain off, says it ramps the gain only, steps the gain toward a target brighter than vivid's
/// bars, and each still's sidecar carries the gain read back (`VIDIOC_G_CTRL`) in `controls`
/// and as `light.gain`.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividRampTests {
    @Test func aRampOnVividWritesTheGainAndReadsItBack() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", """
        {"name": "vramp", "camera": {"device": "/dev/video0", "size": "320x180", "pixelFormat": "YUYV", "fps": 15, "warmup": "200ms",
          "exposure": {"mode": "ramp", "target": 0.95, "maxGain": 16, "maxStep": "0.3EV"}},
         "capture": {"interval": {"every": "1s", "count": 4}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("camera.exposure ramp: the camera has no manual exposure time (exposure_time_absolute); only its gain is ramped"),
                "\(result.stderr)")
        let stills = dir.files().filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(stills.count >= 3, "\(stills)")
        var gains: [Int] = []
        for still in stills {
            let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file(still + ".json"))) as? [String: Any] ?? [:]
            #expect(sidecar["exposure"] as? String == "ramp (gain only)", "\(sidecar["exposure"] ?? "none")")
            let controls = try #require(sidecar["controls"] as? [String: Any])
            let light = try #require(sidecar["light"] as? [String: Any], "\(sidecar)")
            #expect(controls["gain_automatic"] as? Int == 0, "\(controls)")
            let gain = try #require(controls["gain"] as? Int, "\(controls)")
            gains.append(gain)
            #expect(light["gain"] as? Double == Double(gain) / 100, "\(light) vs gain \(gain)")
            #expect(light["exposureTime"] == nil && light["brightness"] is Double, "\(light)")
            let exif = ExifReader.tags(ofJPEG: try Data(contentsOf: dir.file(still)))
            #expect(exif["EXIF:0x8827"] == String(gain), "ISO 100 × gain: \(exif)")
        }
        // The bars are darker than 0.95 whatever the gain (vivid's gain does not change its
        // picture): the gain rises by at most 0.3 EV a shot, to vivid's 255 at most.
        #expect(gains.last ?? 0 > 100, "\(gains)")
        for (before, after) in zip(gains, gains.dropFirst()) {
            #expect(after >= before && Double(after) <= Double(before) * pow(2, 0.3) + 1, "\(gains)")
        }
        #expect(gains.allSatisfy { $0 <= 255 }, "\(gains)")
    }
}

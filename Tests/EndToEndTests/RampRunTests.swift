import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// An exposure ramp on the test camera, run by the binary: the camera's auto exposure and
/// auto gain off, the exposure time stepped shot by shot by at most `maxStep`, and each still's
/// sidecar (`light`, `controls` read back) and EXIF saying what was set.
@Suite struct RampRunTests {
    static func job(device: String, exposure: String, count: Int = 6, extra: String = "") -> String {
        """
        {"name": "ramp", "camera": {"device": "\(device)", "warmup": "0s", "exposure": \(exposure)\(extra)},
         "location": {"latitude": 52.52, "longitude": 13.40},
         "capture": {"interval": {"every": "1s", "count": \(count)}},
         "output": {"root": "out", "path": "{job}/{job}-{seq}"}}
        """
    }

    /// At sunset on the test camera's day scene run 300 times as fast, the light falls by more
    /// than 0.25 EV between two shots: from the first shot (converged before it) each shot steps
    /// exactly 0.25 EV up, the exposure time first up to maxExposure, then the gain; the values
    /// written are those read back into the sidecar and the EXIF; white balance follows by at
    /// most 100 K a shot.
    @Test func aRampStepsTheExposureAndFilesWhatItSet() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", Self.job(
            device: "test:?size=640x360&fps=30&pace=fast&scene=day&start=2026-06-21T19:30:00Z&timeScale=300&latitude=52.52&longitude=13.40",
            exposure: #"{"mode": "ramp", "target": 0.45, "maxExposure": "300ms", "maxGain": 4, "maxStep": "0.25EV"}"#,
            count: 8, extra: #", "whiteBalance": "ramp""#))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try #require(stills.count == 8, "\(dir.files())")
        var shots: [(exposure: Int, gain: Int)] = []
        var kelvins: [Int] = []
        for still in stills {
            let sidecar = try JobFixtures.sidecar(still)
            let controls = try #require(sidecar["controls"] as? [String: Any])
            let light = try #require(sidecar["light"] as? [String: Any], "\(sidecar)")
            #expect(sidecar["exposure"] as? String == "ramp" && sidecar["whiteBalance"] as? String == "ramp")
            // The camera's own automatics are off for the whole run.
            #expect(controls["auto_exposure"] as? Int == 1 && controls["gain_automatic"] as? Int == 0
                    && controls["white_balance_automatic"] as? Int == 0, "\(controls)")
            kelvins.append(try #require(controls["white_balance_temperature"] as? Int))
            let exposure = try #require(controls["exposure_time_absolute"] as? Int)
            let gain = try #require(controls["gain"] as? Int)
            shots.append((exposure, gain))
            #expect(light["exposureTime"] as? Double == Double(exposure) / 10_000, "\(light) vs \(exposure)")
            #expect(light["gain"] as? Double == Double(gain) / 100, "\(light) vs \(gain)")
            let brightness = try #require(light["brightness"] as? Double)
            let elevation = try #require(light["sunElevation"] as? Double)
            #expect((-90...90).contains(elevation))
            // EXIF: ExposureTime, ISOSpeedRatings (100 × gain) and the brightness in UserComment.
            let exif = ExifReader.tags(ofJPEG: try Data(contentsOf: still))
            #expect(exif["EXIF:0x8827"] == String(gain), "\(exif)")
            #expect(exif["EXIF:0x9286"]?.contains("brightness " + String(format: "%.3f", brightness)) == true, "\(exif)")
            #expect(exif["EXIF:0x829a"] != nil, "\(exif)")
        }
        // Shot to shot: 0.25 EV up each time (exposure × gain, to the gain's 1 % steps).
        for (before, after) in zip(shots, shots.dropFirst()) {
            let ratio = Double(after.exposure * after.gain) / Double(before.exposure * before.gain)
            #expect(abs(ratio / pow(2, 0.25) - 1) < 0.015, "\(shots)")
            // Exposure time first: the gain rises above a unit's fraction only at maxExposure.
            #expect(after.exposure >= before.exposure && (after.exposure == 3000 || after.gain <= 101), "\(shots)")
        }
        #expect(shots.first?.exposure ?? 3000 < 3000 && shots.last?.exposure == 3000 && shots.last?.gain ?? 0 > 150, "\(shots)")
        for (before, after) in zip(kelvins, kelvins.dropFirst()) { #expect(abs(after - before) <= 100, "\(kelvins)") }
    }

    /// On the test camera's day scene at sunset (pixels = scene × exposure × gain), a ramp from
    /// the camera's 15.6 ms finds the target in steps of at most 0.5 EV and holds it within ±10 %.
    @Test func aRampFindsAndHoldsTheTargetOnTheDayScene() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", Self.job(
            device: "test:?size=640x360&fps=30&pace=fast&scene=day&start=2026-06-21T19:30:00Z&latitude=52.52&longitude=13.40",
            exposure: #"{"mode": "ramp", "target": 0.45, "maxStep": "0.5EV"}"#, count: 8))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        var shots: [(brightness: Double, light: Double)] = []
        for still in JobFixtures.filed(dir, ext: "jpg") {
            let light = try #require(try JobFixtures.sidecar(still)["light"] as? [String: Any])
            let exposure = try #require(light["exposureTime"] as? Double), gain = try #require(light["gain"] as? Double)
            shots.append((try #require(light["brightness"] as? Double), exposure * gain))
        }
        try #require(shots.count == 8)
        #expect(shots.first?.light ?? 0 > 0.0156, "the ramp started up from the camera's 156: \(shots)")
        for shot in shots.dropFirst(2) { #expect(abs(shot.brightness - 0.45) <= 0.045, "\(shots)") }
        for (before, after) in zip(shots, shots.dropFirst()) {
            #expect(abs(log2(after.light / before.light)) <= 0.5 + 1e-3, "\(shots)")
        }
    }

    /// A camera with neither a manual exposure time nor a gain cannot ramp: the run says so and files nothing.
    @Test func aCameraWithoutExposureControlsIsRefused() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", Self.job(device: "test:?size=320x180&fps=30&pace=fast&controls=false", exposure: #""ramp""#))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("camera.exposure ramp") && run.stderr.contains("no manual exposure time (exposure_time_absolute)")
                && run.stderr.contains("use \"continuous\""), "\(run.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").isEmpty)
    }

    /// Stills of a job without a ramp carry their brightness (a raw frame's, or a camera JPEG's
    /// decoded) and the sun's elevation, and no exposure time or gain.
    @Test(arguments: ["YUYV", "MJPG"])
    func otherStillsCarryTheirBrightness(_ pixelFormat: String) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("plain.json", Self.job(device: "test:?size=320x180&fps=30&pace=fast", exposure: #""continuous""#, count: 2,
                                                       extra: ", \"pixelFormat\": \"\(pixelFormat)\""))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(stills.count == 2)
        for still in stills {
            let light = try #require(try JobFixtures.sidecar(still)["light"] as? [String: Any])
            #expect(Set(light.keys) == ["brightness", "sunElevation"], "\(light)")
        }
    }
}

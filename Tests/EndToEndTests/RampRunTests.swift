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

    /// The test pattern does not change with the exposure time, and is brighter than a target
    /// of 0.2 by more than a step: every shot steps the whole 0.5 EV down — in whole exposure
    /// units, the fraction of a unit in gain — and the values written are those read back.
    @Test func aRampStepsTheExposureAndFilesWhatItSet() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", Self.job(
            device: "test:?size=320x180&fps=30&pace=fast",
            exposure: #"{"mode": "ramp", "target": 0.2, "maxExposure": "500ms", "maxGain": 4, "maxStep": "0.5EV"}"#,
            extra: #", "whiteBalance": "ramp""#))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try #require(stills.count == 6, "\(dir.files())")
        var exposures: [Int] = []
        var products: [Double] = []
        var kelvins: [Int] = []
        for still in stills {
            let sidecar = try JobFixtures.sidecar(still)
            let controls = try #require(sidecar["controls"] as? [String: Any])
            let light = try #require(sidecar["light"] as? [String: Any], "\(sidecar)")
            #expect(sidecar["exposure"] as? String == "ramp" && sidecar["whiteBalance"] as? String == "ramp")
            #expect(controls["white_balance_automatic"] as? Int == 0, "\(controls)")
            kelvins.append(try #require(controls["white_balance_temperature"] as? Int))
            // The camera's own automatics are off for the whole run.
            #expect(controls["auto_exposure"] as? Int == 1 && controls["gain_automatic"] as? Int == 0, "\(controls)")
            let exposure = try #require(controls["exposure_time_absolute"] as? Int)
            let gain = try #require(controls["gain"] as? Int)
            exposures.append(exposure)
            products.append(Double(exposure * gain))
            // The gain holds less than one exposure unit's worth (and its own rounding).
            #expect(gain >= 100 && Double(gain) <= 100 * Double(exposure + 1) / Double(exposure) + 1, "\(exposure) x \(gain)")
            #expect(light["exposureTime"] as? Double == Double(exposure) / 10_000, "\(light) vs \(exposure)")
            #expect(light["gain"] as? Double == Double(gain) / 100, "\(light) vs \(gain)")
            let brightness = try #require(light["brightness"] as? Double)
            #expect(brightness > 0.3 && brightness < 0.7, "\(brightness)")
            let elevation = try #require(light["sunElevation"] as? Double)
            #expect((-90...90).contains(elevation))
            // EXIF: ExposureTime, ISOSpeedRatings (100 × gain) and the brightness in UserComment.
            let exif = ExifReader.tags(ofJPEG: try Data(contentsOf: still))
            #expect(exif["EXIF:0x8827"] == String(gain), "\(exif)")
            #expect(exif["EXIF:0x9286"]?.contains("brightness " + String(format: "%.3f", brightness)) == true, "\(exif)")
            #expect(exif["EXIF:0x829a"] != nil, "\(exif)")
        }
        // Shot to shot: 0.5 EV down each time (exposure × gain, to the gain's 1 % steps).
        for (before, after) in zip(products, products.dropFirst()) {
            #expect(abs(after / before * pow(2, 0.5) - 1) < 0.015, "\(exposures) \(products)")
        }
        #expect(exposures.last ?? 0 < 156, "the test camera starts at 156: \(exposures)")
        // Grey world on the colour bars: the temperature moves, by at most 100 K a shot.
        #expect(kelvins.first != 4600 || kelvins.last != 4600, "\(kelvins)")
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

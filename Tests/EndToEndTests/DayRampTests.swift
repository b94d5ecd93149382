import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// A day to night in 300 shots on the test camera's day scene (noon to midnight in Berlin on
/// 21 June, 144× accelerated, `pace=fast`), run by the binary: the exposure ramp holds the target
/// brightness while the emulated sensor can reach it, without flicker; the camera's own auto
/// exposure, run on the same day, is measured beside it. Brightness is decoded from the filed
/// JPEGs by the ffmpeg CLI, not taken from camsched's sidecars.
@Suite struct DayRampTests {
    static let target = 0.45
    static let shots = 300

    struct Day {
        var brightness: [Double]
        /// Per shot: the exposure time and the gain both at the sensor's limit (1 s, 16×).
        var atLimit: [Bool]

        /// The shots the sensor can answer: all but those at its limit and still too dark.
        var inReach: [Double] { zip(brightness, atLimit).filter { !($0.1 && $0.0 < DayRampTests.target) }.map(\.0) }
        var withinTenPercent: Int { inReach.filter { abs($0 / DayRampTests.target - 1) <= 0.10 }.count }
    }

    static func run(exposure: String) throws -> Day {
        let dir = try TemporaryDirectory()
        let job = try dir.write("day.json", """
            {"name": "day", "camera": {"device": "test:?size=640x360&fps=10&pace=fast&scene=day&start=2026-03-21T14:00:00Z&timeScale=60&latitude=52.52&longitude=13.40",
              "warmup": "0s", "exposure": \(exposure)},
             "location": {"latitude": 52.52, "longitude": 13.40},
             "capture": {"interval": {"every": "1s", "count": \(shots), "keepOpen": true}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 600)
        #expect(run.status == 0, "\(run.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try #require(stills.count == shots, "\(stills.count) stills")
        let atLimit = try stills.map { still -> Bool in
            let controls = try #require(try JobFixtures.sidecar(still)["controls"] as? [String: Any])
            return controls["exposure_time_absolute"] as? Int == 10_000 && controls["gain"] as? Int == 1_600
        }
        return Day(brightness: try StillBrightness.of(stills), atLimit: atLimit)
    }

    @Test func aRampHoldsTheTargetFromNoonToNightWithoutFlicker() throws {
        let ramp = try Self.run(exposure: #"{"mode": "ramp", "target": 0.45, "maxExposure": "1s", "maxGain": 16, "maxStep": "0.3EV"}"#)
        let auto = try Self.run(exposure: #""continuous""#)
        let report = { (name: String, day: Day) in
            "\(name): \(day.withinTenPercent) of \(day.inReach.count) shots in reach within ±10 %, flicker "
                + String(format: "%.2f %% in reach, %.2f %% all", FlickerMetric.flicker(day.inReach) * 100,
                         FlickerMetric.flicker(day.brightness) * 100)
        }
        print(report("ramp", ramp))
        print(report("camera's auto exposure", auto))
        // The night is darker than 1 s at 16× can answer: some shots are out of reach, most are in.
        #expect(ramp.inReach.count > 200 && ramp.inReach.count < Self.shots, "\(ramp.inReach.count) in reach")
        #expect(Double(ramp.withinTenPercent) >= 0.95 * Double(ramp.inReach.count), "\(report("ramp", ramp))")
        #expect(FlickerMetric.flicker(ramp.inReach) <= 0.01, "\(report("ramp", ramp))")
        // The webcam-like auto exposure hunts at dusk: the ramp flickers less than it does.
        #expect(FlickerMetric.flicker(ramp.inReach) < FlickerMetric.flicker(auto.inReach), "\(report("auto", auto))")
    }
}

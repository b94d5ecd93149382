import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `camera.exposure: {"mode": "ramp", …}` and `whiteBalance: "ramp"`: parsed with their
/// defaults, and each bad value reported at its key with a sentence saying what to write.
@Suite struct RampJobTests {
    func load(_ json: String) -> (Job?, String) {
        do {
            return (try JobLoader.load(data: Data(json.utf8), sourceURL: URL(fileURLWithPath: "/jobs/ramp.json")), "no problems")
        } catch {
            return (nil, "\(error)")
        }
    }

    func interval(_ exposure: String, every: String = "10s", whiteBalance: String = "\"ramp\"") -> String {
        """
        {"name": "r", "camera": {"device": "test:", "exposure": \(exposure),
                                 "whiteBalance": \(whiteBalance)},
         "capture": {"interval": {"every": "\(every)", "count": 3}}}
        """
    }

    @Test func aRampIsReadWithEveryKey() throws {
        let (job, text) = load(interval(#"{"mode": "ramp", "target": 0.4, "maxExposure": "500ms", "maxGain": 16, "maxStep": "0.3EV"}"#))
        let camera = try #require(job?.camera, "\(text)")
        #expect(camera.exposure?.mode == .ramp(RampSpec(target: 0.4, maxExposure: .milliseconds(500), maxGain: 16, maxStep: 0.3)))
        #expect(camera.whiteBalance?.mode == .ramp(RampSpec()))
    }

    @Test func leftOutKeysTakeTheirDefaults() throws {
        let (job, text) = load(interval(#""ramp""#, every: "250ms"))
        guard case let .ramp(spec)? = try #require(job, "\(text)").camera.exposure?.mode else {
            Issue.record("not a ramp")
            return
        }
        #expect(spec == RampSpec(target: 0.45, maxExposure: nil, maxGain: 8, maxStep: 0.3))
        // No maxExposure: 1 s, or the interval's period when shorter.
        #expect(spec.longestExposure(every: .milliseconds(250)) == .milliseconds(250))
        #expect(spec.longestExposure(every: .seconds(10)) == .seconds(1))
    }

    @Test(arguments: [("\"1/3EV\"", 1.0 / 3), ("\"0.5 ev\"", 0.5), ("1", 1.0), ("\"2EV\"", 2.0)])
    func maxStepIsInEV(_ written: String, _ value: Double) throws {
        let (job, text) = load(interval(#"{"mode": "ramp", "maxStep": \#(written)}"#))
        guard case let .ramp(spec)? = try #require(job, "\(text)").camera.exposure?.mode else { return }
        #expect(abs(spec.maxStep - value) < 1e-12)
    }

    @Test func aMaxExposureLongerThanTheIntervalNamesBoth() {
        let (_, text) = load(interval(#"{"mode": "ramp", "maxExposure": "2s"}"#, every: "1s"))
        #expect(text.contains("ramp.json:1:89: camera.exposure.maxExposure: maxExposure 2s is longer than the interval's every 1s"), "\(text)")
        #expect(text.contains("make maxExposure at most 1s"), "\(text)")
        #expect(load(interval(#"{"mode": "ramp", "maxExposure": "1s"}"#, every: "1s")).1 == "no problems")
    }

    @Test(arguments: ["1.5", "0", "1", "-0.2", "\"half\""])
    func aTargetOutsideZeroToOneIsRefused(_ target: String) {
        let (_, text) = load(interval(#"{"mode": "ramp", "target": \#(target)}"#))
        #expect(text.contains("camera.exposure.target:"), "\(text)")
        if target != "\"half\"" { #expect(text.contains("must be more than 0 and less than 1"), "\(text)") }
    }

    @Test(arguments: [("\"maxGain\": 0.5", "camera.exposure.maxGain: must be between 1 and 1024"),
                      ("\"maxGain\": 1e300", "camera.exposure.maxGain: must be between 1 and 1024, found 1e300"),
                      ("\"maxStep\": \"5EV\"", "camera.exposure.maxStep: must be more than 0 EV and at most 3 EV"),
                      ("\"maxStep\": 0", "camera.exposure.maxStep: must be more than 0 EV"),
                      ("\"maxStep\": \"fast\"", "is not a step in EV"),
                      ("\"maxExposure\": \"0s\"", "camera.exposure.maxExposure: must be at least"),
                      ("\"maxExposure\": \"2h\"", "camera.exposure.maxExposure: must be at least")])
    func badRampValuesAreRefusedAtTheirKey(_ member: String, _ message: String) {
        let (_, text) = load(interval(#"{"mode": "ramp", \#(member)}"#, every: "3h"))
        #expect(text.contains(message), "\(text)")
    }

    @Test func notANumberIsNotJSON() {
        let (_, text) = load(interval(#"{"mode": "ramp", "target": NaN}"#))
        #expect(text.contains("ramp.json:1:84: invalid JSON: unexpected \"N\""), "\(text)")
    }

    @Test func aRampOutsideAnIntervalJobIsRefused() {
        let (_, text) = load("""
            {"name": "r", "camera": {"exposure": "ramp", "whiteBalance": "ramp"},
             "capture": {"record": {"duration": "1m"}}}
            """)
        #expect(text.contains("ramp.json:1:38: camera.exposure: \"ramp\" steps the camera between the shots of an interval (time-lapse) job"), "\(text)")
        #expect(text.contains("ramp.json:1:62: camera.whiteBalance: \"ramp\""), "\(text)")
    }

    @Test func rampKeysNeedTheRampModeAndFocusCannotRamp() {
        let (_, keys) = load(interval(#"{"mode": "auto", "target": 0.5}"#))
        #expect(keys.contains("camera.exposure.target: \"target\" belongs to {\"mode\": \"ramp\"}"), "\(keys)")
        let (_, focus) = load(#"{"name": "r", "camera": {"focus": "ramp"}, "capture": {"interval": {"every": "1s", "count": 1}}}"#)
        #expect(focus.contains("camera.focus: focus cannot ramp"), "\(focus)")
        let (_, whiteBalance) = load(interval(#""ramp""#, whiteBalance: #"{"mode": "ramp", "target": 0.5}"#))
        #expect(whiteBalance.contains("camera.whiteBalance.target: \"target\": unknown key"), "\(whiteBalance)")
    }
}

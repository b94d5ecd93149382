import Foundation
import Testing
@testable import CamschedJobs

/// `capture.trigger`: every key read, defaults, the exact messages of broken ones, and the plan.
@Suite struct TriggerJobTests: JobTextTesting {
    static let jobFile = "/tmp/t.json"

    /// A job of this `trigger` object.
    static func job(_ trigger: String) -> String { #"{"name": "t", "capture": {"trigger": \#(trigger)}}"# }

    func triggerSpec(_ trigger: String) throws -> TriggerSpec {
        guard case .trigger(let spec) = try load(Self.job(trigger)).capture else { throw CocoaError(.featureUnsupported) }
        return spec
    }

    func messages(_ trigger: String) -> String { problems(Self.job(trigger)) }

    @Test func everyKeyIsRead() throws {
        let spec = try triggerSpec("""
            {"motion": {"threshold": 0.05, "area": 0.01, "ignore": [[0, 0, 0.2, 0.1], [0.5, 0.5, 0.5, 0.5]]},
             "external": true, "preRoll": "4s", "postRoll": "10s", "maxClip": "2m", "cooldown": "30s", "still": false,
             "duration": "8h", "codec": "hevc", "encoder": "libx265", "quality": 28, "preset": "fast", "container": "mkv"}
            """)
        #expect(spec.motion == MotionSpec(threshold: 0.05, area: 0.01, ignore: [[0, 0, 0.2, 0.1], [0.5, 0.5, 0.5, 0.5]]))
        #expect(spec.external && !spec.still)
        #expect(spec.preRoll == .seconds(4) && spec.postRoll == .seconds(10) && spec.maxClip == .seconds(120))
        #expect(spec.cooldown == .seconds(30) && spec.duration == .seconds(28_800) && spec.until == nil)
        #expect(spec.encoding.codec == .hevc && spec.encoding.encoder == "libx265" && spec.encoding.quality == 28)
        #expect(spec.encoding.preset == "fast" && spec.encoding.container == .mkv && spec.encoding.duration == .seconds(120))
    }

    @Test func defaultsAreTheJobReferences() throws {
        let spec = try triggerSpec(#"{"motion": {}}"#)
        #expect(spec.motion == MotionSpec(threshold: 0.03, area: 0.005, ignore: []))
        #expect(!spec.external && spec.still)
        #expect(spec.preRoll == .seconds(3) && spec.postRoll == .seconds(5) && spec.maxClip == .seconds(300) && spec.cooldown == .zero)
        #expect(spec.duration == nil && spec.until == nil, "without duration or until: until stopped")
    }

    @Test(arguments: [
        (#"{"preRoll": "3s"}"#, #"needs "motion" or "external": true; without either no event could ever start a clip"#),
        (#"{"external": false}"#, #"needs "motion" or "external": true"#),
        (#"{"external": true, "preRoll": "2m"}"#, "capture.trigger.preRoll: must be at least 0s and at most 1m, found \"2m\""),
        (#"{"external": true, "maxClip": "0.5s"}"#, "capture.trigger.maxClip: must be at least 1s and at most 1d"),
        (#"{"motion": {"threshold": 1.5}}"#, "capture.trigger.motion.threshold: must be between 0 and 1"),
        (#"{"motion": {"area": -0.1}}"#, "capture.trigger.motion.area: must be between 0 and 1"),
        (#"{"motion": {"ignore": [[0, 0, 0.5]]}}"#, "capture.trigger.motion.ignore[0]: expected a rectangle [x, y, w, h]"),
        (#"{"motion": {"ignore": [[0, 0, 0, 0.5]]}}"#, "capture.trigger.motion.ignore[0]: the width and height of a rectangle must be more than 0"),
        (#"{"motion": {"ignore": [[0, 0, 2, 0.5]]}}"#, "capture.trigger.motion.ignore[0][2]: must be between 0 and 1"),
        (#"{"motion": {"treshold": 0.1}}"#, #"capture.trigger.motion.treshold: "treshold": unknown key; did you mean "threshold"?"#),
        (#"{"external": true, "duration": "1h", "until": "2027-01-01T00:00:00Z"}"#, #"use either "duration" or "until", not both"#),
        (#"{"external": true, "quality": 23, "bitrate": "4M"}"#, #"use either "quality" or "bitrate", not both"#),
        (#"{"external": true, "segment": "1m"}"#, #""segment": unknown key"#),
    ])
    func brokenTriggersSayWhatIsWrong(trigger: String, expected: String) {
        let text = messages(trigger)
        #expect(text.contains(expected), "\(text)")
    }

    @Test func planShowsOneWatchOfItsDuration() throws {
        let job = try load(Self.job(#"{"external": true, "duration": "8h"}"#))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let fire = SchedulePlanner().fire(of: job, at: start)
        #expect(fire.captures == [PlannedCapture(kind: .triggered, index: 0, at: start, duration: .seconds(28_800))])
        #expect(fire.endsAt == start.addingTimeInterval(28_800))
        let forever = try load(Self.job(#"{"motion": {}}"#))
        #expect(SchedulePlanner().fire(of: forever, at: start).endsAt == nil, "until stopped")
    }
}

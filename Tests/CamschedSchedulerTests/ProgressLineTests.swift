import CamschedCapture
import CamschedFiling
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// The progress line is one more subscriber of the run's events: the capture modes publish
/// their plan and their rate, and the line takes everything it shows from the events.
@Suite struct ProgressLineTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let location = FiledLocation(url: URL(fileURLWithPath: "/r/1.jpg"), relativePath: "1.jpg", bytes: 10, sha256: "x")

    static func still(_ seq: Int) -> RunEvent {
        .captured(.init(location: location, sidecar: nil, seq: seq, kind: .still, scheduledAt: nil, startedAt: t0))
    }

    static func pressure(_ level: PressureLevel, fps: Double?) -> RunEvent {
        .pressureChanged(.init(at: t0, level: level, fps: fps, reason: "test", method: .camera))
    }

    static func feed(_ line: ProgressLine, _ events: [(seconds: Double, event: RunEvent)]) {
        for (seconds, event) in events { line.receive(TimedRunEvent(time: t0.addingTimeInterval(seconds), event: event)) }
    }

    @Test func aTimeLapseSequenceOfEventsGivesTheExactState() {
        let line = ProgressLine(enabled: false)
        Self.feed(line, [
            (0, .started(.init(job: "j", run: "r", kind: "interval", root: "/r", device: "test:", card: "c"))),
            (0.5, .planned(.init(captures: 4, endsAt: Self.t0.addingTimeInterval(3.5)))),
            (0.6, Self.still(1)), (1.6, .rate(.init(droppedFrames: 2))), (1.6, Self.still(2)),
            (2, .warning("ignored")), (2.1, .skipped(count: 1, lateSeconds: 1.2)),
            (2.2, Self.pressure(.serious, fps: nil)),
        ])
        var expected = ProgressLine.State()
        expected.started = Self.t0
        expected.done = 2
        expected.total = 4
        expected.expectedEnd = Self.t0.addingTimeInterval(3.5)
        expected.dropped = 2
        expected.pressure = "serious"
        #expect(line.current == expected)
        #expect(ProgressLine.line(line.current, now: Self.t0.addingTimeInterval(2.2))
            == "2/4  elapsed 0:00:02  remaining 0:00:01  dropped 2  pressure serious")
    }

    @Test func aRecordingsPlanRateAndPressureGiveTheExactState() {
        let line = ProgressLine(enabled: false)
        Self.feed(line, [
            (0, .started(.init(job: "j", run: "r", kind: "record", root: "/r", device: "test:", card: "c"))),
            (0.2, .planned(.init(endsAt: Self.t0.addingTimeInterval(60.2), fps: 30))),
            (1.2, .rate(.init(fps: 29.5, droppedFrames: 1))),
            (2.2, .rate(.init(fps: 30, droppedFrames: 4))),
            (2.5, Self.pressure(.critical, fps: 15)),
            (3.2, .rate(.init(fps: 15.2, droppedFrames: 4))),
            (3.3, .segmentFiled(.init(location: Self.location, sidecar: nil, kind: .segment, index: 1, frames: 90,
                                      droppedFrames: 4, durationSeconds: 3, encoder: "libx264", truncated: nil))),
        ])
        var expected = ProgressLine.State()
        expected.started = Self.t0
        expected.expectedEnd = Self.t0.addingTimeInterval(60.2)
        expected.fpsTarget = 15
        expected.fpsActual = 15.2
        expected.dropped = 4
        expected.pressure = "critical"
        #expect(line.current == expected, "a segment is no capture; the rate in force is the pressure's")
        #expect(ProgressLine.line(line.current, now: Self.t0.addingTimeInterval(10.2))
            == "0  elapsed 0:00:10  remaining 0:00:50  fps 15.2/15  dropped 4  pressure critical")
    }

    @Test func anIntervalRunFeedsTheLineThroughItsEvents() throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"1s\", \"count\": 4"))
        // Frame 10 (1.0 s) is shot 1's: lost, it makes the shot later and counts as dropped.
        harness.stream.dropped = [10]
        let line = ProgressLine(enabled: false)
        harness.bus.subscribe(line)
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let state = line.current
        #expect(state.done == 4 && state.total == 4 && state.dropped == 1)
        #expect(state.expectedEnd == harness.clock.wallOrigin.addingTimeInterval(3), "the last shot's due time")
        #expect(state.fpsActual == nil && state.fpsTarget == nil)
        let plans = harness.events.all.compactMap { if case let .planned(plan) = $0 { plan } else { nil } }
        #expect(plans.map(\.captures) == [4])
        let rates = harness.events.all.compactMap { if case let .rate(rate) = $0 { rate } else { nil } }
        #expect(rates.map(\.droppedFrames) == [1] && rates.allSatisfy { $0.fps == nil }, "published when the count grows")
    }

    @Test func aRecordingPublishesItsPlanAndItsRateOnceASecond() throws {
        let harness = try ModeHarness(CaptureModeTests.record("\"duration\": \"4s\""), fps: 10)
        let line = ProgressLine(enabled: false)
        harness.bus.subscribe(line)
        let start = harness.clock.now()
        try CaptureModeTests.runRecord(harness)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        let plans = harness.events.all.compactMap { if case let .planned(plan) = $0 { plan } else { nil } }
        #expect(plans.count == 1 && plans.first?.fps == 10 && plans.first?.captures == nil)
        #expect(plans.first?.endsAt == start.addingTimeInterval(4))
        let rates = harness.events.all.compactMap { if case let .rate(rate) = $0 { rate } else { nil } }
        #expect(rates.count == 3, "once a second of a 4 s recording: \(rates)")
        #expect(rates.allSatisfy { abs(($0.fps ?? 0) - 10) < 0.01 && $0.droppedFrames == 0 }, "\(rates)")
        #expect(line.current.fpsTarget == 10 && line.current.fpsActual == rates.last?.fps && line.current.expectedEnd == plans.first?.endsAt)
    }

    @Test func jsonLeavesOutThePlanAndTheRate() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let writer = JSONEventWriter(job: "j", output: StandardStream(descriptor: ends[1]))
        for event: RunEvent in [.planned(.init(captures: 3)), .rate(.init(fps: 9.9, droppedFrames: 1)), .warning("w")] {
            writer.receive(TimedRunEvent(time: Self.t0, event: event))
        }
        close(ends[1])
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains(#""event":"warning""#) == true, "\(lines)")
    }
}

import CamschedFiling
@testable import CamschedScheduler
import Foundation
import Testing

@Suite struct RunEventBusTests {
    static let location = FiledLocation(url: URL(fileURLWithPath: "/r/a/1.jpg"), relativePath: "a/1.jpg", bytes: 10, sha256: "x")

    @Test func subscribersAndStreamsSeeEveryEventInOrderAndTheStreamEndsAfterDone() async {
        let collector = EventCollector()
        let bus = RunEventBus([collector])
        let stream = bus.events()
        let still = RunEvent.Still(location: Self.location, sidecar: nil, seq: 1, kind: .still, scheduledAt: Date(), startedAt: Date())
        bus.publish(.started(.init(job: "j", run: "r", kind: "interval", root: "/r", device: "test:", card: "c")))
        bus.publish(.captured(still))
        bus.publish(.warning("w"))
        bus.publish(.done(.init(job: "j", run: "r", status: .ok, exitCode: 0, stills: 1, segments: 0, skipped: 0,
                                filesTotal: 1, files: ["a/1.jpg"], failures: [], elapsed: 1)))
        var names: [String] = []
        for await event in stream { names.append(RunEventDocument(event, job: "j")?.event ?? "-") }
        #expect(names == ["start", "capture", "warning", "done"])
        #expect(collector.all.count == 4)
    }

    @Test func theRecordKeepsCountsAndTheInterruptionListForSidecars() {
        let record = RunRecord()
        let bus = RunEventBus([record])
        let lost = Date(timeIntervalSince1970: 100)
        bus.publish(.interrupted(reason: "disconnected", message: "gone", at: lost))
        bus.publish(.resumed(at: lost.addingTimeInterval(2), after: 2))
        bus.publish(.skipped(count: 3, lateSeconds: 4))
        bus.publish(.error("broken"))
        let state = record.snapshot
        #expect(state.interruptions.count == 1 && state.interruptions[0].resumedAt == lost.addingTimeInterval(2))
        #expect(state.skippedShots == 3 && state.failures == ["broken"])
    }

    @Test func aDocumentHasTheSameKeysWhetherOrNotAValueIsKnown() throws {
        var segment = RunEvent.Segment(location: Self.location, sidecar: nil, kind: .segment, index: 2, frames: 30, droppedFrames: 1,
                                       durationSeconds: 1.0004, encoder: "libx264", truncated: "disk full")
        let known = try Self.object(.segmentFiled(segment))
        #expect(known["event"] as? String == "segment" && known["segment"] as? Int == 2 && known["job"] as? String == "j")
        #expect(known["truncated"] as? String == "disk full" && known["time"] as? String == "1970-01-01T00:00:00.000Z")
        #expect(known["file"] as? String == "a/1.jpg" && known["sha256"] as? String == "x" && known["duration"] as? Double == 1.0)
        (segment.index, segment.durationSeconds, segment.encoder, segment.truncated) = (nil, nil, nil, nil)
        let unknown = try Self.object(.segmentFiled(segment))
        #expect(Set(unknown.keys) == Set(known.keys))
        #expect(Set(known.keys) == ["event", "time", "job", "file", "bytes", "sha256", "kind", "segment", "frames", "droppedFrames",
                                    "duration", "encoder", "truncated"])
        #expect(unknown["segment"] is NSNull && unknown["duration"] is NSNull)
    }

    @Test func everyEventButThePlanAndTheRateHasADocumentNamedAsSPECSays() throws {
        let at = Date(timeIntervalSince1970: 1)
        let named: [(RunEvent, String)] = [
            (.interrupted(reason: "disconnected", message: "gone", at: at), "interrupted"), (.resumed(at: at, after: 2.0004), "resumed"),
            (.skipped(count: 3, lateSeconds: 4), "warning"), (.warning("w"), "warning"), (.error("e"), "error"),
            (.trigger(.init(at: at, kind: .motion, score: 0.123456, box: nil)), "trigger"),
            (.pressureChanged(.init(at: at, level: .serious, fps: nil, reason: "hot", method: .camera)), "pressure"),
        ]
        for (event, name) in named { #expect(try Self.object(event)["event"] as? String == name) }
        #expect(try Self.object(.resumed(at: at, after: 2.0004))["after"] as? Double == 2.0)
        #expect(try Self.object(.trigger(.init(at: at, kind: .motion, score: 0.123456, box: nil)))["score"] as? Double == 0.1235)
        #expect(RunEventDocument(TimedRunEvent(time: at, event: .planned(.init())), job: "j") == nil)
        #expect(RunEventDocument(TimedRunEvent(time: at, event: .rate(.init(droppedFrames: 0))), job: "j") == nil)
    }

    static func object(_ event: RunEvent) throws -> [String: Any] {
        let document = try #require(RunEventDocument(TimedRunEvent(time: Date(timeIntervalSince1970: 0), event: event), job: "j"))
        return try #require(try JSONSerialization.jsonObject(with: Data(JSONDocument.bytes(document))) as? [String: Any])
    }
}

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
        bus.publish(.done(.init(job: "j", run: "r", status: "ok", exitCode: 0, stills: 1, segments: 0, skipped: 0,
                                filesTotal: 1, files: ["a/1.jpg"], failures: [], elapsed: 1)))
        var names: [String] = []
        for await event in stream { names.append(JSONEventWriter.fields(of: event.event).0) }
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

    @Test func jsonLinesKeepTheirNamesAndFields() throws {
        let segment = RunEvent.Segment(location: Self.location, sidecar: nil, kind: .segment, index: 2, frames: 30, droppedFrames: 1,
                                       durationSeconds: 1.0, encoder: "libx264", truncated: "disk full")
        let (name, fields) = JSONEventWriter.fields(of: .segmentFiled(segment))
        let line = JSONEventWriter.jsonLine(name: name, time: Date(timeIntervalSince1970: 0), fields: fields)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "segment" && object["segment"] as? Int == 2)
        #expect(object["truncated"] as? String == "disk full" && object["time"] as? String == "1970-01-01T00:00:00.000Z")
    }
}

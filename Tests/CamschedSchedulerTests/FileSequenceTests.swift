import CamschedCapture
import CamschedFiling
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// `{seq}` numbers each kind of file of a run on its own, without gaps: a recording's segments
/// 1, 2, 3 and the stills taken during it 1, 2, 3…, a trigger job's clips and stills likewise
/// (they used to share one counter, so segments came out 1, 4, 6 and looked lost).
@Suite struct FileSequenceTests {
    static func files(_ harness: ModeHarness) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: harness.root.path)) ?? [])
            .filter { $0.hasSuffix(".mp4") || $0.hasSuffix(".jpg") }.sorted()
    }

    @Test func segmentsAndTheStillsDuringThemAreNumberedEachWithoutGaps() throws {
        let harness = try ModeHarness("""
        {"name": "r", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"record": {"preset": "ultrafast", "duration": "6s", "segment": "2s", "stillsEvery": "1s"}},
         "output": {"root": "out", "path": "{kind}-{seq:2}", "catalog": false}}
        """, fps: 10)
        try CaptureModeTests.runRecord(harness)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(Self.files(harness) == ["segment-01.mp4", "segment-02.mp4", "segment-03.mp4",
                                        "still-01.jpg", "still-02.jpg", "still-03.jpg", "still-04.jpg", "still-05.jpg", "still-06.jpg"])
        let stillSeqs = harness.events.all.compactMap { event -> Int? in
            if case let .captured(still) = event { return still.seq } else { return nil }
        }
        #expect(stillSeqs.sorted() == [1, 2, 3, 4, 5, 6], "the `seq` of --json's capture events and the sidecars")
        #expect(try harness.sidecars(ext: "jpg").compactMap { $0["seq"] as? Int }.sorted() == [1, 2, 3, 4, 5, 6])
    }

    @Test func aRecordingResumedAfterALossGoesOnWithTheNextSegmentNumber() throws {
        let harness = try ModeHarness("""
        {"name": "r", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"record": {"preset": "ultrafast", "duration": "6s", "segment": "2s", "stillsEvery": "500ms"}},
         "output": {"root": "out", "path": "{seq:3}", "catalog": false}}
        """, fps: 10)
        harness.stream.losses = [.init(from: 1.5, until: 3.2)]
        try CaptureModeTests.runRecord(harness)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(Self.files(harness).filter { $0.hasSuffix(".mp4") } == ["001.mp4", "002.mp4", "003.mp4"])
        let stills = Self.files(harness).filter { $0.hasSuffix(".jpg") }
        #expect(stills == (1...stills.count).map { String(format: "%03d.jpg", $0) }, "\(stills)")
    }

    @Test func clipsAndTheirStillsAreNumberedEachWithoutGaps() throws {
        let name = "seq-trigger"
        let harness = try ModeHarness("""
        {"name": "\(name)", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"trigger": {"preset": "ultrafast", "still": true, "external": true, "preRoll": "1s", "postRoll": "1s",
                                 "duration": "10s"}},
         "output": {"root": "out", "path": "{kind}-{seq:2}", "catalog": false}}
        """)
        harness.stream.onFrame = { frame in if [20, 50, 80].contains(frame) { _ = ExternalTriggers.shared.fire(job: name) } }
        var mode = harness.mode()
        try mode.run(harness.stream)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        #expect(Self.files(harness) == ["clip-01.mp4", "clip-02.mp4", "clip-03.mp4", "still-01.jpg", "still-02.jpg", "still-03.jpg"])
    }

    @Test func aNumberTakenForAFileThatWasNeverFiledIsTakenAgain() {
        let sequences = FileSequences()
        #expect(sequences.take(.segment) == 1)
        #expect(sequences.take(.still) == 1)
        #expect(sequences.take(.segment) == 2)
        sequences.giveBack(2, .segment)
        #expect(sequences.take(.segment) == 2, "the abandoned file's number goes to the next file")
        let three = sequences.take(.segment)
        #expect(sequences.take(.segment) == 4)
        sequences.giveBack(three, .segment)
        #expect(sequences.take(.segment) == 5, "a number before a filed one is not reused")
        #expect(sequences.take(.still) == 2)
    }
}

import CamschedTestSupport
import Foundation
import Testing

/// `{seq}` through the binary: each kind of file of a run is numbered on its own, from 1,
/// without gaps — a recording's segments and the stills taken during it do not share numbers.
@Suite struct FileNumberingTests {
    @Test func segmentsAndStillsOfARecordingAreNumberedEachFromOne() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("n.json", JobFixtures.record(name: "n", duration: "3s", segment: "1s",
                                                             extraCapture: ", \"stillsEvery\": \"500ms\"")
            .replacingOccurrences(of: "{job}/{job}-{seq}", with: "{job}/{kind}-{seq:3}"))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = dir.files().filter { $0.hasPrefix("out/n/") && ($0.hasSuffix(".mp4") || $0.hasSuffix(".jpg")) }.sorted()
        #expect(names == ["out/n/segment-001.mp4", "out/n/segment-002.mp4", "out/n/segment-003.mp4",
                          "out/n/still-001.jpg", "out/n/still-002.jpg", "out/n/still-003.jpg",
                          "out/n/still-004.jpg", "out/n/still-005.jpg", "out/n/still-006.jpg"])
        let events = JobFixtures.events(result.stdout)
        let seqs = events.filter { $0["event"] as? String == "capture" }.compactMap { $0["seq"] as? Int }
        #expect(seqs.sorted() == [1, 2, 3, 4, 5, 6])
        let segments = events.filter { $0["event"] as? String == "segment" }.compactMap { $0["file"] as? String }
        #expect(segments == ["n/segment-001.mp4", "n/segment-002.mp4", "n/segment-003.mp4"])
    }
}

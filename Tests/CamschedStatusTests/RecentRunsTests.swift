import CamschedFiling
import CamschedJobs
@testable import CamschedStatus
import Foundation
import Testing

@Suite struct RecentRunsTests {
    /// A run recorded `running` whose process was killed (SIGKILL: nothing ended it) shows as
    /// `interrupted` in `/api/runs`, as `catalog runs` shows it; a live run stays `running`.
    @Test func aKilledRunShowsInterrupted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recent-runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let catalog = try Catalog.open(root: root)
        try catalog.runs.begin(id: "killed", job: "rec", startedAt: Date().addingTimeInterval(-60), pid: Int(gone.processIdentifier))
        try catalog.runs.begin(id: "live", job: "rec", startedAt: Date()) // this process, started before it
        try catalog.runs.begin(id: "elsewhere", job: "rec", startedAt: Date().addingTimeInterval(-90), host: "another-host", pid: 1)
        let json = #"{"name": "rec", "camera": {"device": "test:"}, "capture": {"record": {"duration": "1s"}}, "output": {"root": "\#(root.path)"}}"#
        let job = try JobLoader.load(data: Data(json.utf8), sourceURL: nil, environment: [:])
        let runs = RecentRuns.read(listings: [JobListing(job: job, root: root)], job: nil).runs
        let shown = Dictionary(runs.map { ($0.id, $0.status) }, uniquingKeysWith: { a, _ in a })
        #expect(shown == ["killed": "interrupted", "live": "running", "elsewhere": "running"], "\(runs)")
        #expect(runs.first { $0.id == "killed" }?.recordedStatus == "running")
        #expect(runs.first { $0.id == "live" }?.recordedStatus == nil)
        // Written without the members it does not have.
        let killed = try #require(runs.first { $0.id == "killed" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONDocument.bytes(killed))) as? [String: Any])
        #expect(Set(object.keys) == ["id", "job", "status", "startedAt", "files", "host", "pid", "recordedStatus"])
    }
}

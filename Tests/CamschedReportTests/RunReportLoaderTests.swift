import CamschedFiling
import Foundation
@testable import CamschedReport
import Testing

/// Reading a run from a catalog and from a folder of sidecars.
@Suite struct RunReportLoaderTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("report-loader-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("tl"), withIntermediateDirectories: true)
        return url
    }

    static func sidecar(run: String, seq: Int) -> Sidecar {
        var sidecar = Sidecar(job: "tl", run: run, kind: .still, file: "tl/\(run)-\(seq).jpg", bytes: 3, sha256: String(seq),
                              startedAt: ReportPageTests.start.addingTimeInterval(Double(seq)),
                              endedAt: ReportPageTests.start.addingTimeInterval(Double(seq)), host: "h", camschedVersion: "t")
        sidecar.seq = seq
        return sidecar
    }

    @Test func aCatalogRunLeavesOutDeletedFilesWithANote() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try Catalog.open(root: root)
        try catalog.runs.begin(id: "r1", job: "tl", startedAt: ReportPageTests.start)
        for seq in 0..<4 { try catalog.files.record(Self.sidecar(run: "r1", seq: seq)) }
        try catalog.files.record(Self.sidecar(run: "r2", seq: 9))
        try catalog.files.markDeleted(file: "tl/r1-2.jpg", reason: "maxAge")
        try catalog.runs.end(id: "r1", endedAt: ReportPageTests.start.addingTimeInterval(5), status: .done, exitCode: 0)

        let report = try RunReportLoader.load(runID: "r1", root: root)
        #expect(report.files.map(\.sidecar.seq) == [0, 1, 3])
        #expect(report.status == "done" && report.exitCode == 0)
        #expect(report.notes.count == 1 && report.notes[0].contains("tl/r1-2.jpg was deleted (maxAge)"))
        #expect(report.files[0].url == root.appendingPathComponent("tl/r1-0.jpg"))
        #expect(throws: ReportError.unknownRun(id: "nope", root: root.path)) { try RunReportLoader.load(runID: "nope", root: root) }
    }

    @Test func aFolderWithSeveralRunsNeedsOneChosen() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (run, seq) in [("r1", 0), ("r1", 1), ("r2", 5)] {
            try Self.sidecar(run: run, seq: seq).write(to: dir.appendingPathComponent("tl/\(run)-\(seq).jpg.json"))
        }
        try Data("{ not json".utf8).write(to: dir.appendingPathComponent("tl/broken.jpg.json"))
        try Data("{}".utf8).write(to: dir.appendingPathComponent("tl/job.json"))

        #expect(throws: ReportError.severalRuns(directory: dir.path, runs: ["r2", "r1"])) { try RunReportLoader.load(directory: dir) }
        let report = try RunReportLoader.load(directory: dir, run: "r1")
        #expect(report.files.count == 2 && report.status == nil)
        #expect(report.files[1].url.path == dir.appendingPathComponent("tl/r1-1.jpg").path)
        #expect(report.notes.count == 1 && report.notes[0].hasPrefix("tl/broken.jpg.json: not a readable sidecar"))
        #expect(throws: ReportError.runNotInDirectory(id: "r3", directory: dir.path, runs: ["r2", "r1"])) {
            try RunReportLoader.load(directory: dir, run: "r3")
        }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: ReportError.noSidecars(directory: empty.path)) { try RunReportLoader.load(directory: empty) }
    }
}

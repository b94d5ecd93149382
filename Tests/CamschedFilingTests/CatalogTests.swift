import Foundation
import Testing
@testable import CamschedFiling

@Suite struct CatalogTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// Files `count` stills of `job` one minute apart, with sidecars, and records them.
    static func fileStills(_ count: Int, job: String, root: URL, catalog: Catalog, start: Date, size: Int = 10) throws -> [FiledLocation] {
        let filer = FileFiler(root: root)
        var locations: [FiledLocation] = []
        for index in 0..<count {
            let location = try filer.file(relativePath: "\(job)/shot-\(index)", extension: "jpg") { sink in
                try sink.write([UInt8](repeating: UInt8(index), count: size))
            }
            let sidecar = SidecarFixtures.still(
                job: job, file: location.relativePath, bytes: location.bytes, sha256: location.sha256,
                startedAt: start.addingTimeInterval(Double(index) * 60), seq: index)
            try sidecar.write(to: location.sidecarURL)
            try catalog.files.record(sidecar)
            locations.append(location)
        }
        return locations
    }

    @Test func recordsListsAndMarksDeleted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        #expect(folder.allFiles().contains("catalog.sqlite"))
        _ = try Self.fileStills(3, job: "garden", root: folder.url, catalog: catalog, start: start)
        _ = try Self.fileStills(1, job: "hall", root: folder.url, catalog: catalog, start: start)

        #expect(try catalog.files.list().count == 4)
        let garden = try catalog.files.list(job: "garden")
        #expect(garden.map(\.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg", "garden/shot-2.jpg"])
        #expect(garden[0].startedAt == start)
        #expect(try garden[1].sidecar().seq == 1)
        #expect(try catalog.files.entry(id: garden[2].id)?.file == "garden/shot-2.jpg")
        #expect(try catalog.files.jobs() == ["garden", "hall"])

        #expect(try catalog.files.markDeleted(file: "garden/shot-0.jpg", reason: "manual", at: start))
        #expect(try !catalog.files.markDeleted(file: "garden/shot-0.jpg"))
        #expect(try catalog.files.list(job: "garden").count == 2)
        #expect(try catalog.files.list(job: "garden", includeDeleted: true).count == 3)
        let deleted = try #require(try catalog.files.entry(file: "garden/shot-0.jpg"))
        #expect(deleted.deletedAt == start && deleted.deletedReason == "manual")

        // The name may be filed again after deletion; the live row wins.
        var again = try garden[0].sidecar()
        again.sha256 = "new"
        try catalog.files.record(again)
        #expect(try catalog.files.entry(file: "garden/shot-0.jpg")?.deletedAt == nil)
        #expect(try catalog.files.entry(file: "garden/shot-0.jpg")?.sha256 == "new")
        #expect(try catalog.files.forgetDeleted(before: start.addingTimeInterval(1)) == 1)
        #expect(try catalog.files.list(includeDeleted: true).count == 4)
    }

    @Test func recordsRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        try catalog.runs.begin(id: "r1", job: "garden", startedAt: start, host: "pi")
        #expect(try catalog.runs.run(id: "r1")?.status == .running)
        try catalog.runs.end(id: "r1", endedAt: start.addingTimeInterval(3600), status: .done, exitCode: 0)
        try catalog.runs.begin(id: "r2", job: "garden", startedAt: start.addingTimeInterval(7200))
        let runs = try catalog.runs.list(job: "garden")
        #expect(runs.map(\.id) == ["r2", "r1"])
        #expect(runs[1].exitCode == 0 && runs[1].status == .done && runs[1].endedAt == start.addingTimeInterval(3600))
        #expect(throws: CatalogError.notFound("run nope")) {
            try catalog.runs.end(id: "nope", endedAt: start, status: .failed, exitCode: 1)
        }
    }

    @Test func verifyCatchesChangedMissingAndUnknownFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let locations = try Self.fileStills(4, job: "garden", root: folder.url, catalog: catalog, start: start)
        try LatestLink.update(folder: folder.url.appendingPathComponent("garden"), target: locations[3].url)
        #expect(try catalog.maintenance.verify().isClean)

        // One byte changed (same size), one file deleted, one stranger, one stale partial.
        let handle = try FileHandle(forWritingTo: locations[1].url)
        try handle.seek(toOffset: 4)
        handle.write(Data([0xff]))
        try handle.close()
        try FileManager.default.removeItem(at: locations[2].url)
        try folder.write("?", to: "garden/stranger.jpg")
        try folder.write("half", to: "garden/killed.mp4.partial")
        let filer = FileFiler(root: folder.url)
        let live = try filer.reservePartial(relativePath: "garden/recording", extension: "mp4")
        defer { filer.abandon(live) }

        let report = try catalog.maintenance.verify()
        #expect(!report.isClean)
        #expect(report.checked == 4)
        #expect(report.missing.map(\.file) == ["garden/shot-2.jpg"])
        #expect(report.mismatched.map(\.entry.file) == ["garden/shot-1.jpg"])
        #expect(report.mismatched.first?.actualSHA256 != nil)
        // The sidecar of the missing file is now an orphan: known rows still cover it.
        #expect(report.unknownFiles == ["garden/stranger.jpg"])
        #expect(report.stalePartials == ["garden/killed.mp4.partial"])
        #expect(report.partialsInUse == ["garden/recording.mp4.partial"])

        let sizesOnly = try catalog.maintenance.verify(checkHashes: false)
        #expect(sizesOnly.mismatched.isEmpty)
    }

    @Test func twoCatalogsWriteConcurrently() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try Catalog.open(root: folder.url)
        let second = try Catalog.open(root: folder.url)
        let start = self.start
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, catalog) in [first, second].enumerated() {
                group.addTask {
                    for row in 0..<100 {
                        let sidecar = SidecarFixtures.still(
                            job: "job\(index)", file: "job\(index)/f\(row).jpg", startedAt: start.addingTimeInterval(Double(row)))
                        try catalog.files.record(sidecar)
                        if row % 10 == 0 { _ = try catalog.files.list(job: "job\(index)") }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.files.list().count == 200)
        #expect(try second.files.list(job: "job1").count == 100)
    }

    @Test func twoProcessesOpenAndWriteTheSameNewCatalog() throws {
        // sqlite3 in another process writes while this one opens (and migrates) the catalog.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let insert = (0..<200).map { index in
            "INSERT INTO runs (id, job, started_at) VALUES ('ext\(index)', 'ext', '2026-11-22T10:00:00.000Z');"
        }.joined(separator: "\n")
        process.arguments = [folder.path + "/catalog.sqlite", ".timeout 30000", insert]
        try process.run()
        for row in 0..<200 {
            try catalog.files.record(SidecarFixtures.still(file: "garden/f\(row).jpg", startedAt: start))
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try catalog.runs.list(job: "ext").count == 200)
        #expect(try catalog.files.list().count == 200)
    }
}

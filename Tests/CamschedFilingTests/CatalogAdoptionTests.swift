import CamschedCore
import Foundation
import Testing
@testable import CamschedFiling

/// Files with a sidecar but no catalog row (filed while the catalog was gone) are adopted by
/// retention and `verify --repair`, so they count and can be deleted.
@Suite struct CatalogAdoptionTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// Files stills with sidecars, then forgets their rows by starting a new catalog.
    func orphans(_ folder: TemporaryFolder) throws -> Catalog {
        do {
            let old = try Catalog.open(root: folder.url)
            _ = try CatalogTests.fileStills(4, job: "garden", root: folder.url, catalog: old, start: start, size: 100)
            _ = try CatalogTests.fileStills(2, job: "hall", root: folder.url, catalog: old, start: start, size: 100)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.path + "/catalog.sqlite" + suffix) }
        let catalog = try Catalog.open(root: folder.url)
        #expect(try catalog.files.list().isEmpty)
        return catalog
    }

    @Test func adoptionRecordsSidecarsWithoutRowsOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try orphans(folder)
        try folder.write("no sidecar", to: "garden/stray.jpg")
        let garden = try catalog.maintenance.adoptFilesWithSidecars(job: "garden")
        #expect(garden.map(\.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg", "garden/shot-2.jpg", "garden/shot-3.jpg"])
        #expect(try catalog.files.list(job: "hall").isEmpty, "only the job asked for")
        #expect(try catalog.maintenance.adoptFilesWithSidecars().map(\.file) == ["hall/shot-0.jpg", "hall/shot-1.jpg"])
        #expect(try catalog.maintenance.adoptFilesWithSidecars().isEmpty, "nothing twice")
        #expect(try catalog.files.entry(file: "garden/stray.jpg") == nil, "a file without a sidecar is left to rebuild")
    }

    /// A one-shot run writes its rows at its end: killed after filing its still, it left a
    /// sidecar and no run row. Adopting the still gives its run a row, as a rebuild would.
    @Test func adoptionGivesTheRunOfAnAdoptedFileARowWhenItHasNone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try orphans(folder)
        try catalog.runs.begin(id: "live", job: "garden", startedAt: start)
        #expect(try catalog.maintenance.adoptFilesWithSidecars().count == 6)
        let run = try #require(try catalog.runs.run(id: "20261122T100000Z-garden"))
        let files = try catalog.files.list()
        #expect(run.status == .done && run.job == "garden" && run.exitCode == nil)
        #expect(run.startedAt == files.map(\.startedAt).min() && run.endedAt == files.map(\.endedAt).max())
        #expect(try catalog.runs.list().map(\.id).sorted() == ["20261122T100000Z-garden", "live"])
        #expect(try catalog.runs.run(id: "live")?.status == .running, "a run that has a row keeps it")
    }

    @Test func retentionAdoptsAndThenDeletesOrphans() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try orphans(folder)
        let report = try Retention.apply(RetentionPolicy(maxSize: 200), catalog: catalog, root: folder.url, job: "garden", now: start)
        #expect(report.deleted.map(\.entry.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg"])
        #expect(!folder.allFiles().contains("garden/shot-0.jpg") && !folder.allFiles().contains("garden/shot-0.jpg.json"))
        #expect(try catalog.files.list(job: "garden").map(\.file) == ["garden/shot-2.jpg", "garden/shot-3.jpg"])
        #expect(try catalog.files.list(job: "garden", includeDeleted: true).count == 4)
    }
}

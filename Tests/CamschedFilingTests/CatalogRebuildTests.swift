import CamschedCore
import CamschedMedia
import Foundation
import GRDB
import Logging
import Testing
@testable import CamschedFiling

/// The catalog as derived data: rebuilt from sidecars, files without one adopted by probing.
@Suite struct CatalogRebuildTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// Every column of every live file row that a rebuild must restore (not the row id and
    /// not when it was written).
    static func rows(_ catalog: Catalog) throws -> [[String]] {
        try catalog.files.list().map { entry in
            [entry.job, entry.run, entry.kind, entry.file, "\(entry.bytes)", entry.sha256,
             RFC3339Timestamp.string(from: entry.startedAt), RFC3339Timestamp.string(from: entry.endedAt),
             "\(entry.recovered)", entry.sidecarJSON]
        }
    }

    static func removeCatalog(_ folder: TemporaryFolder) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.path + "/catalog.sqlite" + suffix) }
    }

    /// A real JPEG of the synthetic pattern.
    static func jpeg(width: Int = 320, height: Int = 64) throws -> Data {
        let frame = try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: .yu12, frameNumber: 1, timestampNanoseconds: 0)
        return try StillEncoder().encode(frame, format: .jpeg, quality: 80)
    }

    @Test func rebuildRestoresADeletedCatalogToTheSameRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(3, job: "garden", root: folder.url, catalog: catalog, start: start)
        _ = try CatalogTests.fileStills(2, job: "hall", root: folder.url, catalog: catalog, start: start.addingTimeInterval(30))
        let before = try Self.rows(catalog)
        #expect(before.count == 5)
        Self.removeCatalog(folder)

        let report = try Catalog.rebuild(root: folder.url)
        #expect(report.movedAside == nil && report.fromSidecars == 5 && report.adopted == 0 && report.runs == 1)
        let rebuilt = try Catalog.open(root: folder.url)
        #expect(try Self.rows(rebuilt) == before)
        let run = try #require(try rebuilt.runs.run(id: "20261122T100000Z-garden"))
        #expect(run.status == .done && run.startedAt == start && run.host == "pi-garden")
    }

    @Test func rebuildMovesTheOldCatalogAsideAndKeepsItsRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        try catalog.runs.begin(id: "20261122T100000Z-garden", job: "garden", startedAt: start, host: "pi")
        _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: catalog, start: start)
        try catalog.runs.end(id: "20261122T100000Z-garden", endedAt: start.addingTimeInterval(600), status: .failed, exitCode: 1)
        try catalog.runs.begin(id: "empty-run", job: "garden", startedAt: start.addingTimeInterval(900), host: "pi")
        let before = try Self.rows(catalog)

        let report = try Catalog.rebuild(root: folder.url)
        let aside = try #require(report.movedAside)
        #expect(aside.hasPrefix("catalog.sqlite.old-"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/" + aside))
        let rebuilt = try Catalog.open(root: folder.url)
        #expect(try Self.rows(rebuilt) == before)
        #expect(try rebuilt.runs.run(id: "20261122T100000Z-garden")?.status == .failed)
        #expect(try rebuilt.runs.run(id: "20261122T100000Z-garden")?.exitCode == 1)
        #expect(try rebuilt.runs.list().count == 2)
        // The old catalog still opens: nothing was lost by moving it.
        let old = try DatabaseQueue(path: folder.path + "/" + aside)
        #expect(try old.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM files") } == 2)
    }

    @Test func rebuildAdoptsFilesWithoutSidecarsByProbingThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let picture = try Self.jpeg()
        try FileManager.default.createDirectory(atPath: folder.path + "/porch", withIntermediateDirectories: true)
        try picture.write(to: folder.url.appendingPathComponent("porch/old.jpg"))
        try folder.write("not media", to: "porch/notes.txt")
        try folder.write("{\"broken\": ", to: "porch/lost.json")

        let report = try Catalog.rebuild(root: folder.url)
        #expect(report.adopted == 1 && report.fromSidecars == 0 && report.runs == 0)
        let entries = try Catalog.open(root: folder.url).files.list()
        #expect(entries.map(\.file) == ["porch/old.jpg"])
        let entry = try #require(entries.first)
        #expect(entry.job == "porch" && entry.kind == "still" && entry.bytes == Int64(picture.count))
        #expect(entry.sha256 == (SHA256Digest.of([UInt8](picture)).hex))
        let sidecar = try entry.sidecar()
        #expect(sidecar.format?.width == 320 && sidecar.format?.height == 64 && sidecar.encoder?.codec == "jpeg")
    }

    @Test func aDamagedCatalogAtStartIsMovedAsideAndRebuilt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(3, job: "garden", root: folder.url, catalog: catalog, start: start)
        let before = try Self.rows(catalog)
        Self.removeCatalog(folder)
        try folder.write(String(repeating: "garbage ", count: 1000), to: "catalog.sqlite")

        let opening = Catalog.openOrRebuild(root: folder.url, logger: Logger(label: "test"))
        let reopened = try #require(opening.catalog)
        #expect(try Self.rows(reopened) == before)
        #expect(opening.warnings.count == 1 && opening.warnings[0].contains("damaged"), "\(opening.warnings)")
        let aside = try #require(opening.rebuild?.movedAside)
        #expect(try folder.read(aside).hasPrefix("garbage "))
    }

    @Test func aMissingCatalogAtStartIsRebuiltAndAnEmptyRootSaysNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let empty = Catalog.openOrRebuild(root: folder.url, logger: Logger(label: "test"))
        #expect(empty.catalog != nil && empty.warnings.isEmpty)
        _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: try #require(empty.catalog), start: start)
        Self.removeCatalog(folder)
        let opening = Catalog.openOrRebuild(root: folder.url, logger: Logger(label: "test"))
        #expect(try opening.catalog?.files.list().count == 2)
        #expect(opening.warnings.count == 1 && opening.warnings[0].contains("no catalog"), "\(opening.warnings)")
    }

    @Test func aCatalogDeletedWhileOpenIsRecreatedWithThisRunsRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        try catalog.runs.begin(id: "20261122T100000Z-garden", job: "garden", startedAt: start)
        _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: catalog, start: start)
        Self.removeCatalog(folder)
        // The next write notices, rebuilds from the sidecars and writes the run again.
        try catalog.files.markDeleted(file: "garden/none.jpg")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/catalog.sqlite"))
        let fresh = try Catalog.open(root: folder.url)
        #expect(try fresh.files.list().map(\.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg"])
        #expect(try fresh.runs.run(id: "20261122T100000Z-garden")?.status == .running)
        try catalog.runs.end(id: "20261122T100000Z-garden", endedAt: start.addingTimeInterval(60), status: .done, exitCode: 0)
        #expect(try fresh.runs.run(id: "20261122T100000Z-garden")?.status == .done)
    }

    @Test func aCatalogDamagedWhileOpenIsRebuiltAtTheNextWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url, journal: .rollback)
        _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: catalog, start: start)
        // Overwrite the file in place (same inode): only SQLite can tell.
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/catalog.sqlite"))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 8192))
        try handle.close()
        _ = try CatalogTests.fileStills(1, job: "hall", root: folder.url, catalog: catalog, start: start)
        #expect(try Catalog.open(root: folder.url).files.list().count == 3)
    }
}

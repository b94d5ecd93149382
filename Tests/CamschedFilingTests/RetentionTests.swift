import CamschedCore
import Foundation
import Synchronization
import Testing
@testable import CamschedFiling

@Suite struct RetentionTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    @Test func maxAgeDeletesOlderFilesAndTheirSidecarsAndMarksRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(5, job: "garden", root: folder.url, catalog: catalog, start: start)
        _ = try CatalogTests.fileStills(2, job: "hall", root: folder.url, catalog: catalog, start: start)
        // Files start at +0, +60 … +240 s; now = +300 s; keep 150 s → +0, +60, +120 go.
        let now = start.addingTimeInterval(300)
        let report = try Retention.apply(RetentionPolicy(maxAge: .seconds(150)), catalog: catalog, root: folder.url, job: "garden", now: now)
        #expect(report.deleted.map(\.entry.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg", "garden/shot-2.jpg"])
        #expect(report.deleted.allSatisfy { $0.reason == "maxAge" })
        #expect(report.freedBytes == 30)
        #expect(try catalog.files.list(job: "garden").map(\.file) == ["garden/shot-3.jpg", "garden/shot-4.jpg"])
        let row = try #require(try catalog.files.entry(file: "garden/shot-0.jpg"))
        #expect(row.deletedAt == now && row.deletedReason == "maxAge")
        #expect(!folder.allFiles().contains { $0.hasPrefix("garden/shot-0.jpg") })
        #expect(folder.allFiles().contains("garden/shot-3.jpg.json"))
        #expect(try catalog.files.list(job: "hall").count == 2, "other jobs are untouched")
        #expect(try catalog.maintenance.verify().isClean)
    }

    @Test func maxSizeDeletesOldestFirstUntilUnderTheLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(5, job: "garden", root: folder.url, catalog: catalog, start: start, size: 100)
        let report = try Retention.apply(RetentionPolicy(maxSize: 250), catalog: catalog, root: folder.url, job: "garden", now: start)
        #expect(report.deleted.map(\.entry.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg", "garden/shot-2.jpg"])
        #expect(try catalog.files.list(job: "garden").reduce(0) { $0 + $1.bytes } == 200)
    }

    @Test func minFreeDeletesOldestUntilEnoughIsFree() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(4, job: "garden", root: folder.url, catalog: catalog, start: start, size: 100)
        // A pretend filesystem with 1000 bytes free plus whatever retention deleted.
        let deletedBytes = Mutex<Int64>(0)
        let reader: Retention.FreeSpaceReader = { _ in
            let onDisk = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path + "/garden")) ?? []
            let stills = onDisk.filter { $0.hasSuffix(".jpg") }.count
            deletedBytes.withLock { $0 = Int64(4 - stills) * 100 }
            return 1000 + deletedBytes.withLock { $0 }
        }
        let report = try Retention.apply(RetentionPolicy(minFree: 1150), catalog: catalog, root: folder.url, job: "garden", now: start, freeSpace: reader)
        #expect(report.deleted.map(\.entry.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg"])
        #expect(report.freeBytesAfter == 1200 && report.minFreeSatisfied)

        let impossible = try Retention.apply(RetentionPolicy(minFree: 10_000), catalog: catalog, root: folder.url, job: "garden", now: start, freeSpace: reader)
        #expect(impossible.deleted.count == 2)
        #expect(!impossible.minFreeSatisfied)
        #expect(try catalog.files.list(job: "garden").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/garden"), "emptied folders are removed")
    }

    @Test func pruneAppliesThePolicyToEveryJob() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(3, job: "garden", root: folder.url, catalog: catalog, start: start)
        _ = try CatalogTests.fileStills(3, job: "hall", root: folder.url, catalog: catalog, start: start)
        let reports = try Retention.prune(RetentionPolicy(maxSize: 10), catalog: catalog, now: start)
        #expect(reports["garden"]?.deleted.count == 2 && reports["hall"]?.deleted.count == 2)
        #expect(try catalog.files.list().map(\.file) == ["garden/shot-2.jpg", "hall/shot-2.jpg"])
    }
}

import Foundation
import Synchronization
import Testing
@testable import CamschedFiling

/// A one-shot run's catalog writer: it holds the rows until the run's end, then writes the
/// run's start, its file and its end in one transaction; a row SQLite refuses costs only itself.
@Suite struct CatalogWriterBatchTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    func rows(_ run: String, files: [String]) -> [CatalogWriteOperation] {
        [.beginRun(CatalogRun(id: run, job: "garden", startedAt: start, status: .running, host: "h", pid: 1))]
            + files.map { .record(SidecarFixtures.still(file: $0, startedAt: start)) }
            + [.endRun(id: run, endedAt: start.addingTimeInterval(1), status: .done, exitCode: 0)]
    }

    @Test func heldRowsAreWrittenAtTheDrainInOneTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, holdingRows: true, logger: nil) { _ in }
        for operation in rows("r1", files: ["garden/a.jpg"]) { writer.enqueue(operation) }
        #expect(writer.backlog == 3 && writer.transactions == 0, "nothing is written before the run's end")
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(writer.transactions == 1, "the run's start, its still and its end in one transaction")
        #expect(try catalog.files.list().map(\.file) == ["garden/a.jpg"])
        let run = try #require(try catalog.runs.run(id: "r1"))
        #expect(run.status == .done && run.exitCode == 0 && run.endedAt == start.addingTimeInterval(1))
    }

    /// Adoption at the start is not a row: it goes ahead while the run captures (on a machine
    /// of one core, while the camera is awaited), only the rows wait for the run's end.
    @Test func adoptionGoesAheadOfHeldRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let old = try Catalog.open(root: folder.url)
            _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: old, start: start)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.path + "/catalog.sqlite" + suffix) }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, holdingRows: true, logger: nil) { _ in }
        writer.enqueue(.adoptFilesOfEarlierRuns(currentRun: "r1"))
        for operation in rows("r1", files: ["garden/a.jpg"]) { writer.enqueue(operation) }
        let deadline = ContinuousClock.now + .seconds(20)
        while writer.transactions == 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(writer.transactions == 1 && writer.backlog == 3, "the adoption alone")
        #expect(try catalog.files.list().count == 2 && (try catalog.runs.run(id: "r1")) == nil)
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(try writer.transactions == 2 && catalog.files.list().count == 3)
    }

    @Test func withoutHoldingEachRowIsItsOwnTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, logger: nil) { _ in }
        for operation in rows("r1", files: ["garden/a.jpg", "garden/b.jpg"]) { writer.enqueue(operation) }
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(writer.transactions == 4)
        #expect(try catalog.files.list().map(\.file) == ["garden/a.jpg", "garden/b.jpg"])
    }

    @Test func aRefusedRowAmongHeldOnesCostsOnlyItself() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let warnings = Mutex<[String]>([])
        let writer = CatalogWriter(catalog: catalog, holdingRows: true, logger: nil) { message in warnings.withLock { $0.append(message) } }
        writer.enqueue(.record(SidecarFixtures.still(file: "garden/a.jpg", startedAt: start)))
        // The end of a run that was never begun: SQLite has no row to update.
        writer.enqueue(.endRun(id: "never", endedAt: start, status: .done, exitCode: 0))
        writer.enqueue(.record(SidecarFixtures.still(file: "garden/b.jpg", startedAt: start)))
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(try catalog.files.list().map(\.file) == ["garden/a.jpg", "garden/b.jpg"])
        #expect(try catalog.runs.run(id: "never") == nil)
        let texts = warnings.withLock { $0 }
        #expect(texts.count == 1 && texts[0].contains("the end of run never"), "\(texts)")
    }

    @Test func aTaskIsNotHeldAndTheRowsBeforeItGoFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, holdingRows: true, logger: nil) { _ in }
        let seen = Mutex<[String]?>(nil)
        let done = DispatchSemaphore(value: 0)
        writer.enqueue(.record(SidecarFixtures.still(file: "garden/a.jpg", startedAt: start)))
        writer.enqueue(.task(key: "retention") { catalog in
            seen.withLock { $0 = try? catalog.files.list().map(\.file) }
            done.signal()
        })
        #expect(done.wait(timeout: .now() + 20) == .success, "the task ran without a drain")
        #expect(seen.withLock { $0 } == ["garden/a.jpg"])
        writer.close()
    }
}

import Foundation
import Testing
@testable import CamschedFiling

/// A time-lapse's catalog writer: file rows wait for the run's next still and then go together
/// (so that their writes share that still's journal commit); the run's own rows never wait.
@Suite struct CatalogWriterPacingTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    func still(_ file: String) -> CatalogWriteOperation { .record(SidecarFixtures.still(file: file, startedAt: start)) }

    func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return condition()
    }

    @Test func fileRowsWaitForTheNextStillThenGoInOneTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, pacingFileRows: true, logger: nil) { _ in }
        writer.enqueue(.beginRun(CatalogRun(id: "r1", job: "garden", startedAt: start, status: .running, host: "h", pid: 1)))
        #expect(waitFor { writer.transactions == 1 }, "the run's row goes at once")
        writer.enqueue(still("garden/a.jpg"))
        writer.enqueue(still("garden/b.jpg"))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(writer.backlog == 2 && writer.transactions == 1, "the stills' rows wait")
        writer.writeWaitingRows()
        writer.awaitRowsLetGo(timeout: .seconds(20))
        #expect(writer.backlog == 0, "written when the wait returns")
        #expect(writer.transactions == 2, "both rows in one transaction")
        #expect(try catalog.files.list().map(\.file).sorted() == ["garden/a.jpg", "garden/b.jpg"])
        // Let go with nothing waiting: the next row waits all the same.
        writer.writeWaitingRows()
        writer.enqueue(still("garden/c.jpg"))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(writer.backlog == 1 && writer.transactions == 2)
        #expect(writer.drain(timeout: .seconds(20)) == 0, "the run's end writes what waits")
        writer.close()
        #expect(try catalog.files.list().count == 3)
    }

    @Test func rowsGoWhenTooManyWaitTooLongOrSomethingElseWaitsBehind() {
        let rows = (0..<3).map { still("garden/\($0).jpg") }
        let now = Date()
        var pacing = RowPacing(since: now)
        #expect(pacing.waitsUntil(rows) == now.addingTimeInterval(RowPacing.seconds))
        #expect(pacing.waitsUntil(rows + [.endRun(id: "r1", endedAt: now, status: .done, exitCode: 0)]) == nil)
        #expect(pacing.waitsUntil((0..<RowPacing.rows).map { still("garden/\($0).jpg") }) == nil)
        #expect(RowPacing(since: now.addingTimeInterval(-RowPacing.seconds - 1)).waitsUntil(rows) == nil)
        pacing.released = true
        #expect(pacing.waitsUntil(rows) == nil)
        pacing.taken()
        #expect(pacing.since == nil && !pacing.released && pacing.writing)
    }
}

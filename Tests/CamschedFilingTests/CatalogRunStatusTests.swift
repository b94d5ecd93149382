import Foundation
import GRDB
import Logging
import Testing
@testable import CamschedFiling

/// Run statuses as SPEC names them, and runs whose process was killed.
@Suite struct CatalogRunStatusTests {
    let start = Date()

    /// The pid of a process that has ended.
    static func deadPID() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return Int(process.processIdentifier)
    }

    @Test func exitCodesMapToSpecStatuses() {
        #expect(CatalogRun.Status(exitCode: 0) == .done)
        #expect(CatalogRun.Status(exitCode: 1) == .failed && CatalogRun.Status(exitCode: 3) == .failed)
        #expect(CatalogRun.Status(exitCode: 130) == .interrupted && CatalogRun.Status(exitCode: 143) == .interrupted)
        #expect(CatalogRun.Status.allCases.map(\.rawValue) == ["running", "done", "failed", "skipped", "interrupted"])
    }

    @Test func migrationTwoRenamesSucceededToDone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A catalog as schema v1 left it.
        let queue = try DatabaseQueue(path: folder.path + "/catalog.sqlite")
        try CatalogSchema.migrator.migrate(queue, upTo: "v1: files and runs")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO runs (id, job, started_at, status) VALUES ('old', 'garden', '2026-11-22T10:00:00.000Z', 'succeeded')")
        }
        try queue.close()
        let catalog = try Catalog.open(root: folder.url)
        #expect(try catalog.runs.run(id: "old")?.status == .done)
        let stored = try catalog.store.read { db in try String.fetchOne(db, sql: "SELECT status FROM runs WHERE id = 'old'") }
        #expect(stored == "done")
    }

    @Test func runsOfKilledProcessesAreMarkedInterruptedAtTheNextStart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let dead = try Self.deadPID()
        try catalog.runs.begin(id: "killed", job: "garden", startedAt: start.addingTimeInterval(-60), pid: dead)
        _ = try CatalogTests.fileStills(1, job: "garden", root: folder.url, catalog: catalog, start: start)
        try catalog.store.write { db in try db.execute(sql: "UPDATE files SET run = 'killed'") }
        try catalog.runs.begin(id: "alive", job: "garden", startedAt: start)
        try catalog.runs.begin(id: "elsewhere", job: "garden", startedAt: start, host: "another-host", pid: dead)
        // This process is alive but began after the run: a reused pid, not the run's process.
        try catalog.runs.begin(id: "before-boot", job: "garden", startedAt: Date(timeIntervalSince1970: 1_000_000))

        let opening = Catalog.openOrRebuild(root: folder.url, logger: Logger(label: "test"))
        #expect(Set(opening.interruptedRuns.map(\.id)) == ["killed", "before-boot"])
        let reopened = try #require(opening.catalog)
        let killed = try #require(try reopened.runs.run(id: "killed"))
        #expect(killed.status == .interrupted)
        #expect(killed.endedAt == (try reopened.files.list().first?.endedAt), "ends with its last file")
        #expect(try reopened.runs.run(id: "alive")?.status == .running)
        #expect(try reopened.runs.run(id: "elsewhere")?.status == .running, "another host's runs are left alone")
        #expect(opening.warnings.contains { $0.contains("killed") && $0.contains("interrupted") })
    }

    @Test func processLivenessKnowsThisProcessAndNotAnEndedOne() throws {
        let me = Int(getpid())
        #expect(ProcessLiveness.isRunning(pid: me, runStartedAt: Date()))
        #expect(!ProcessLiveness.isRunning(pid: try Self.deadPID(), runStartedAt: Date()))
        let started = try #require(ProcessLiveness.startTime(pid: me))
        #expect(started <= Date() && started > Date().addingTimeInterval(-86_400))
    }
}

import Foundation
import GRDB
import Testing
@testable import CamschedFiling

/// A trigger job's event in sidecars and the catalog: written, read back, kept in the `event`
/// column (migration "v3-trigger-event"), also for a catalog made before that migration.
@Suite struct TriggerEventFilingTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    func clip(_ file: String, event: SidecarEvent?) -> Sidecar {
        var sidecar = SidecarFixtures.segment(file: file, startedAt: start)
        sidecar.kind = .clip
        sidecar.event = event
        return sidecar
    }

    @Test func theEventRoundTripsThroughTheSidecar() throws {
        let event = SidecarEvent(at: start, kind: "motion", score: 0.0646, box: [0.625, 0.4111, 0.1875, 0.3444])
        let decoded = try Sidecar.decode(from: try clip("c.mp4", event: event).jsonData())
        #expect(decoded.event == event)
        #expect(decoded.kind == .clip)
        let external = try Sidecar.decode(from: try clip("c.mp4", event: SidecarEvent(at: start, kind: "external")).jsonData())
        #expect(external.event?.score == nil && external.event?.box == nil)
        let json = try #require(String(data: try clip("c.mp4", event: SidecarEvent(at: start, kind: "external")).jsonData(), encoding: .utf8))
        #expect(json.contains("\"score\" : null") && json.contains("\"box\" : null"), "external events say there is no score")
        #expect(!(String(data: try clip("c.mp4", event: nil).jsonData(), encoding: .utf8) ?? "").contains("\"event\""))
    }

    @Test func theCatalogKeepsTheEventInItsColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let event = SidecarEvent(at: start, kind: "external")
        let entry = try catalog.files.record(clip("vt/clip-1.mp4", event: event))
        #expect(entry.eventJSON == #"{"at":"2026-11-22T10:00:00.123Z","box":null,"kind":"external","score":null}"#)
        let plain = try catalog.files.record(SidecarFixtures.segment(file: "rec/seg-1.mp4", startedAt: start))
        #expect(plain.eventJSON == nil)
    }

    @Test func aCatalogFromBeforeTheMigrationGetsTheColumnFilledFromItsSidecars() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        let old = try DatabaseQueue(path: path)
        var migrator = DatabaseMigrator()
        for (name, migration) in Self.oldMigrations { migrator.registerMigration(name, migrate: migration) }
        try migrator.migrate(old)
        let json = try clip("vt/clip-1.mp4", event: SidecarEvent(at: start, kind: "motion", score: 0.5)).compactJSON()
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO files (job, run, kind, file, bytes, sha256, started_at, ended_at, recorded_at, sidecar)
                VALUES ('vt', 'r', 'clip', 'vt/clip-1.mp4', 3, '', '2026-11-22T10:00:00.123Z', '2026-11-22T10:00:01.123Z',
                        '2026-11-22T10:00:02.000Z', ?)
                """, arguments: [json])
        }
        try old.close()
        let catalog = try Catalog.open(root: folder.url)
        let entry = try #require(try catalog.files.list().first)
        #expect(entry.eventJSON?.contains(#""kind":"motion""#) == true, "\(entry.eventJSON ?? "nil")")
    }

    /// The migrations registered before "v3-trigger-event", as they were.
    static var oldMigrations: [(String, @Sendable (Database) throws -> Void)] {
        [("v1: files and runs", { db in
            try db.execute(sql: """
                CREATE TABLE runs (id TEXT PRIMARY KEY NOT NULL, job TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT,
                    status TEXT NOT NULL DEFAULT 'running', exit_code INTEGER, host TEXT, pid INTEGER);
                CREATE INDEX runs_job_started ON runs(job, started_at);
                CREATE TABLE files (id INTEGER PRIMARY KEY AUTOINCREMENT, job TEXT NOT NULL, run TEXT NOT NULL, kind TEXT NOT NULL,
                    file TEXT NOT NULL, bytes INTEGER NOT NULL, sha256 TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT NOT NULL,
                    recorded_at TEXT NOT NULL, deleted_at TEXT, deleted_reason TEXT, recovered INTEGER NOT NULL DEFAULT 0,
                    sidecar TEXT NOT NULL);
                CREATE UNIQUE INDEX files_live_file ON files(file) WHERE deleted_at IS NULL;
                CREATE INDEX files_job_started ON files(job, started_at);
                CREATE INDEX files_run ON files(run);
                """)
        }), ("v2: run status names as in SPEC (done)", { db in
            try db.execute(sql: "UPDATE runs SET status = 'done' WHERE status = 'succeeded'")
        })]
    }
}

import Foundation
import GRDB
import Testing
@testable import CamschedFiling

/// The schema's version in `PRAGMA user_version`: a current catalog skips GRDB's migration
/// check at each open, and any other still gets every migration it lacks.
@Suite struct CatalogSchemaVersionTests {
    static func userVersion(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1 }
    }

    static func appliedMigrations(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    /// A new catalog under `folder`, then `sql` run on its database by hand; its path.
    static func catalogAltered(in folder: TemporaryFolder, by sql: String) throws -> String {
        let path = folder.path + "/" + Catalog.fileName
        _ = try Catalog.open(root: folder.url)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// Every migration applied, and the version says so.
    static func expectCurrent(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try userVersion(path) == CatalogSchema.schemaVersion, sourceLocation: sourceLocation)
        #expect(try appliedMigrations(path) == CatalogSchema.migrator.migrations, sourceLocation: sourceLocation)
    }

    @Test func theVersionIsTheNumberOfMigrations() {
        #expect(CatalogSchema.schemaVersion == 5)
        #expect(CatalogSchema.schemaVersion == CatalogSchema.migrator.migrations.count)
    }

    @Test func aNewCatalogIsMarkedCurrent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try Catalog.open(root: folder.url)
        let path = folder.path + "/" + Catalog.fileName
        try Self.expectCurrent(path)
    }

    /// A catalog an earlier camsched made (migrated to v3, no version kept) gets the rest of
    /// the migrations, its rows kept, and is marked current.
    @Test func anOlderCatalogIsMigratedAndMarked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/" + Catalog.fileName
        let queue = try DatabaseQueue(path: path)
        try CatalogSchema.migrator.migrate(queue, upTo: "v3-trigger-event")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO runs (id, job, started_at, status) VALUES ('old', 'garden', '2026-11-22T10:00:00.000Z', 'done')")
        }
        try queue.close()
        #expect(try Self.userVersion(path) == 0)

        do {
            let catalog = try Catalog.open(root: folder.url)
            #expect(try catalog.runs.run(id: "old")?.status == .done)
            let adoptedColumn = try catalog.store.read { db in try db.columns(in: "files").contains { $0.name == "adopted" } }
            #expect(adoptedColumn, "v5 ran")
        }
        try Self.expectCurrent(path)
    }

    /// A catalog that says it is current is trusted: the migration check is not run (seen by
    /// the migrations table, which nothing re-creates when it is gone).
    @Test func aCurrentCatalogSkipsTheMigrationCheck() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.catalogAltered(in: folder, by: "DROP TABLE grdb_migrations")
        _ = try Catalog.open(root: folder.url)
        let tables = try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tables.contains("grdb_migrations"), "the migrator ran: \(tables)")
        #expect(tables.contains("files") && tables.contains("runs"))
    }

    /// A catalog of a newer camsched (a higher version) goes through the migrator as before
    /// and keeps its version.
    @Test func aNewerCatalogKeepsItsVersion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.catalogAltered(in: folder, by: "PRAGMA user_version = \(CatalogSchema.schemaVersion + 1)")
        _ = try Catalog.open(root: folder.url)
        #expect(try Self.userVersion(path) == CatalogSchema.schemaVersion + 1)
    }
}

import Foundation
import GRDB
import Testing
@testable import CamschedFiling
import CamschedTestSupport

/// The catalog on filesystems without shared memory, and on read-only archives.
@Suite struct CatalogJournalTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// Byte 18 of an SQLite file: 1 for a rollback journal, 2 for WAL.
    static func journalByte(_ path: String) throws -> UInt8 {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data[18]
    }

    @Test func networkFilesystemsAreRecognisedFromMountInfo() {
        let info = """
            22 1 0:21 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
            40 22 0:45 / /mnt/nas rw,relatime shared:20 - nfs4 nas:/export rw,vers=4.2
            41 22 0:46 / /mnt/host rw shared:21 - 9p host0 rw,trans=virtio
            42 22 0:47 / /mnt/ssh rw shared:22 - fuse.sshfs me@host: rw
            """
        func device(_ major: UInt64, _ minor: UInt64) -> UInt64 { (major << 8) | minor }
        #expect(FilesystemType.type(ofDevice: device(0, 45), mountInfo: info) == "nfs4")
        #expect(FilesystemType.type(ofDevice: device(0, 46), mountInfo: info) == "9p")
        #expect(FilesystemType.type(ofDevice: device(0, 99), mountInfo: info) == nil)
        #expect(FilesystemType(name: "nfs4").lacksSharedMemory && FilesystemType(name: "9p").lacksSharedMemory)
        #expect(FilesystemType(name: "fuse.sshfs").lacksSharedMemory && FilesystemType(name: "cifs").lacksSharedMemory)
        #expect(!FilesystemType(name: "ext4").lacksSharedMemory && !FilesystemType(name: "tmpfs").lacksSharedMemory)
        // The folder of these tests is a local disk (or tmpfs): WAL.
        #expect(FilesystemType(path: FileManager.default.temporaryDirectory.path)?.lacksSharedMemory == false)
        #expect(FilesystemType(path: FileManager.default.temporaryDirectory.path + "/no/such/folder") != nil)
    }

    @Test func aRollbackJournalCatalogFilesAndReadsWithoutSharedMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url, journal: .rollback)
        #expect(catalog.journal == .rollback)
        _ = try CatalogTests.fileStills(3, job: "garden", root: folder.url, catalog: catalog, start: start)
        try catalog.runs.begin(id: "r1", job: "garden", startedAt: start)
        #expect(try catalog.files.list().count == 3)
        #expect(try Self.journalByte(folder.path + "/catalog.sqlite") == 1)
        #expect(!folder.allFiles().contains("catalog.sqlite-shm") && !folder.allFiles().contains("catalog.sqlite-wal"))
        // A second process-like connection sees the rows.
        #expect(try Catalog.open(root: folder.url, journal: .rollback).files.list().count == 3)
    }

    @Test func aWALCatalogIsSwitchedToARollbackJournalWithItsRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let catalog = try Catalog.open(root: folder.url, journal: .wal)
            #expect(catalog.journal == .wal)
            _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: catalog, start: start)
        }
        #expect(try Self.journalByte(folder.path + "/catalog.sqlite") == 2)
        let rollback = try Catalog.open(root: folder.url, journal: .rollback)
        #expect(try rollback.files.list().count == 2)
        #expect(try Self.journalByte(folder.path + "/catalog.sqlite") == 1)
    }

    @Test func theEnvironmentForcesTheJournal() throws {
        // Only checks the parsing: setting the variable would leak into parallel tests.
        #expect(CatalogJournal(rawValue: "rollback") == .rollback && CatalogJournal(rawValue: "wal") == .wal)
        #expect(CatalogJournal.environmentVariable == "CAMSCHED_CATALOG_JOURNAL")
    }

    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs"))
    func listAndVerifyWorkOnAReadOnlyArchive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmpfs = try Tmpfs.mount(at: folder.url.appendingPathComponent("archive"), size: "4m")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        do {
            let catalog = try Catalog.open(root: mount)
            _ = try CatalogTests.fileStills(3, job: "garden", root: mount, catalog: catalog, start: start)
        }
        // As a copied archive arrives: no -wal/-shm beside the database, then read-only.
        for suffix in ["-shm", ".lock"] { try? FileManager.default.removeItem(atPath: mount.path + "/catalog.sqlite" + suffix) }
        try tmpfs.remountReadOnly()
        #expect(FileManager.default.createFile(atPath: mount.path + "/probe", contents: Data()) == false, "the mount is read-only")

        let catalog = try Catalog.open(root: mount, readOnly: true)
        #expect(try catalog.files.list().count == 3)
        #expect(try catalog.runs.list().isEmpty)
        let report = try catalog.maintenance.verify()
        #expect(report.isClean && report.checked == 3, "\(report)")
        #expect(throws: CatalogError.self) { try catalog.files.markDeleted(file: "garden/shot-0.jpg") }
        #expect(!FileManager.default.fileExists(atPath: mount.path + "/catalog.sqlite.lock"))
        // A missing catalog is a clear error, not a new file.
        #expect(throws: CatalogError.missing(path: mount.path + "/garden/catalog.sqlite")) {
            try Catalog.open(root: mount.appendingPathComponent("garden"), readOnly: true)
        }
    }
}

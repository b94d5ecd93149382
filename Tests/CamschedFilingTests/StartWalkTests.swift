import Foundation
import Logging
import Testing
@testable import CamschedFiling

/// A run's start walks its root once: recovery removes what an interrupted remux left and
/// recovers partial files from the same walk, and hands the files it saw to adoption when it
/// filed nothing (a root of a year of stills is half a million entries at every cron start).
@Suite struct StartWalkTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    func recovery(_ folder: TemporaryFolder) -> PartialRecovery {
        PartialRecovery(root: folder.url, catalog: nil, logger: Logger(label: "test"), host: "pi", camschedVersion: "0.1.0") { partial, _ in
            RecoveredMedia(file: partial, width: 640, height: 360, codec: "jpeg")
        }
    }

    @Test func oneWalkRemovesStaleIntermediatesAndListsTheFilesForAdoption() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            // Two stills with sidecars whose rows are lost with their catalog.
            let old = try Catalog.open(root: folder.url)
            _ = try CatalogTests.fileStills(2, job: "garden", root: folder.url, catalog: old, start: start, size: 100)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.path + "/catalog.sqlite" + suffix) }
        let catalog = try Catalog.open(root: folder.url)
        try folder.write("old remux", to: "hall/clip.mp4.partial.remux.mp4")
        try folder.write("fresh", to: "hall/other.mp4.recovering")
        let old = Date().addingTimeInterval(-120)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path + "/hall/clip.mp4.partial.remux.mp4")

        let report = recovery(folder).runRemovingStaleIntermediates()
        let files = try #require(report.files, "nothing was filed: the walk's list is handed on")
        #expect(!folder.allFiles().contains("hall/clip.mp4.partial.remux.mp4"), "a stale intermediate is removed")
        #expect(files == folder.allFiles().filter { !$0.hasPrefix("catalog.sqlite") }, "exactly what is on disk")
        #expect(try catalog.maintenance.adoptFilesWithSidecars(files: files).count == 2)
        #expect(try catalog.maintenance.adoptFilesWithSidecars(files: []).isEmpty && catalog.files.list().count == 2)
    }

    @Test func aRecoveredFileMeansAdoptionWalksAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.writeMarkedPartial("good still", to: "garden/shot.jpg.partial")
        let report = recovery(folder).runRemovingStaleIntermediates()
        #expect(report.recovered.map(\.relativePath) == ["garden/shot.jpg"])
        #expect(report.files == nil)
    }
}

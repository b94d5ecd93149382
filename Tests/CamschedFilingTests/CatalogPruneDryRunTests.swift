import CamschedCore
import Foundation
import Testing
@testable import CamschedFiling

/// `catalog prune --dry-run` lists exactly what the same prune deletes, for each policy.
@Suite struct CatalogPruneDryRunTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// Three jobs of stills of different sizes, one minute apart.
    func makeRoot() throws -> (TemporaryFolder, Catalog) {
        let folder = try TemporaryFolder()
        let catalog = try Catalog.open(root: folder.url)
        _ = try CatalogTests.fileStills(6, job: "garden", root: folder.url, catalog: catalog, start: start, size: 5000)
        _ = try CatalogTests.fileStills(4, job: "hall", root: folder.url, catalog: catalog, start: start.addingTimeInterval(20), size: 9000)
        _ = try CatalogTests.fileStills(3, job: "porch", root: folder.url, catalog: catalog, start: start.addingTimeInterval(40), size: 100)
        return (folder, catalog)
    }

    /// A pretend filesystem of 200 KB holding only the root: free space goes up by the blocks
    /// each deleted file (and sidecar) occupied, as on a real disk.
    static func freeSpace(of folder: TemporaryFolder) -> Retention.FreeSpaceReader {
        { _ in
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
            let used = names.filter { !$0.hasPrefix("catalog.sqlite") }
                .reduce(Int64(0)) { $0 + RetentionPass.allocatedBytes(folder.path + "/" + $1) }
            return 200_000 - used
        }
    }

    func deletions(_ reports: [String: RetentionReport]) -> [String] {
        reports.sorted { $0.key < $1.key }.flatMap { $0.value.deleted.map { "\($0.entry.file) \($0.reason)" } }
    }

    @discardableResult
    func check(_ policy: RetentionPolicy, now: Date, expectedCount: Int?) throws -> [String: RetentionReport] {
        let (folder, catalog) = try makeRoot()
        defer { folder.remove() }
        let filesBefore = folder.allFiles()
        let rowsBefore = try catalog.files.list(includeDeleted: true)
        let dry = try Retention.prune(policy, catalog: catalog, now: now, freeSpace: Self.freeSpace(of: folder), dryRun: true)
        #expect(folder.allFiles() == filesBefore, "a dry run deletes nothing")
        #expect(try catalog.files.list(includeDeleted: true) == rowsBefore, "and marks nothing deleted")

        let real = try Retention.prune(policy, catalog: catalog, now: now, freeSpace: Self.freeSpace(of: folder))
        #expect(deletions(dry) == deletions(real))
        if let expectedCount { #expect(deletions(real).count == expectedCount, "\(deletions(real))") }
        #expect(dry.mapValues(\.minFreeSatisfied) == real.mapValues(\.minFreeSatisfied))
        #expect(dry.mapValues(\.freeBytesAfter) == real.mapValues(\.freeBytesAfter), "the dry run predicts the free space")
        for (_, report) in real { for deletion in report.deleted { #expect(!folder.allFiles().contains(deletion.entry.file)) } }
        return real
    }

    @Test func maxAge() throws {
        // Files started before start+150 s: garden 0-2, hall 0-2, porch 0-1.
        try check(RetentionPolicy(maxAge: .seconds(3600)), now: start.addingTimeInterval(3600 + 150), expectedCount: 8)
    }

    @Test func maxSize() throws {
        // Each job down to 12 000 bytes: garden keeps 2 of 6, hall 1 of 4, porch all.
        try check(RetentionPolicy(maxSize: 12_000), now: start, expectedCount: 7)
    }

    @Test func minFree() throws {
        // Jobs in name order: garden's oldest go first, then hall's, until 150 000 bytes are
        // free; the last job's folder emptied counts too (its block is freed by rmdir).
        let (folder, _) = try makeRoot()
        let freeBefore = try Self.freeSpace(of: folder)("")
        folder.remove()
        #expect(freeBefore < 150_000, "the pretend disk starts too full: \(freeBefore)")
        let real = try check(RetentionPolicy(minFree: 150_000), now: start, expectedCount: nil)
        // garden ran out of files before enough was free; hall's deletions got there.
        #expect(real["garden"]?.minFreeSatisfied == false && real["hall"]?.minFreeSatisfied == true, "\(real)")
        #expect(real["garden"]?.deleted.count == 6 && (real["hall"]?.deleted.count ?? 0) > 0 && real["porch"]?.deleted.isEmpty == true)
    }
}

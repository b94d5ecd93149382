import CamschedTestSupport
import Foundation
import Testing

/// The catalog is derived data, end to end: runs go on with a deleted or damaged catalog,
/// `catalog rebuild` restores it, killed runs show as interrupted, read-only archives list.
@Suite struct CatalogRecoveryTests {
    static func list(_ root: URL, _ extra: [String] = []) throws -> [[String: Any]] {
        let result = try CamschedBinary.run(["catalog", "list", "--json", "--root", root.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return JobFixtures.events(result.stdout)
    }

    /// What a rebuild must restore of a row: everything but the row id.
    static func comparable(_ rows: [[String: Any]]) -> [String] {
        rows.map { row in
            row.filter { $0.key != "id" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    static func mediaFiles(_ dir: TemporaryDirectory) -> [String] {
        dir.files().filter { $0.hasPrefix("out/") && ($0.hasSuffix(".jpg") || $0.hasSuffix(".mp4")) }.map { String($0.dropFirst(4)) }
    }

    @Test(arguments: ["deleted", "garbage"])
    func aRunWithADeletedOrDamagedCatalogFilesAndCataloguesEveryFile(_ damage: String) throws {
        let dir = try TemporaryDirectory()
        let first = try dir.write("first.json", JobFixtures.interval(name: "first", count: 3))
        #expect(try CamschedBinary.run(["run", first.path, "--no-progress"]).status == 0)
        let catalog = dir.file("out/catalog.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: catalog + suffix) }
        if damage == "garbage" { try String(repeating: "not a database ", count: 500).write(toFile: catalog, atomically: false, encoding: .utf8) }

        let second = try dir.write("second.json", JobFixtures.interval(name: "second", count: 2))
        let result = try CamschedBinary.run(["run", second.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(damage == "garbage" ? "damaged" : "no catalog"), "warns: \(result.stderr)")
        let listed = try Self.list(dir.file("out")).compactMap { $0["file"] as? String }
        #expect(listed.sorted() == Self.mediaFiles(dir).sorted(), "every file on disk, old and new")
        #expect(listed.count == 5)
        if damage == "garbage" { #expect(dir.files().contains { $0.hasPrefix("out/catalog.sqlite.old-") }) }
        #expect(try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path]).status == 0)
    }

    @Test func catalogRebuildRestoresADeletedCatalogToTheSameRows() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 3))
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        let rec = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        #expect(try CamschedBinary.run(["run", rec.path, "--no-progress"]).status == 0)
        let root = dir.file("out")
        let before = Self.comparable(try Self.list(root))
        let runsBefore = try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path])
        #expect(JobFixtures.events(runsBefore.stdout).count == 2)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: root.path + "/catalog.sqlite" + suffix) }
        #expect(try CamschedBinary.run(["catalog", "list", "--root", root.path]).status == 2, "no catalog is a usage error")

        let rebuild = try CamschedBinary.run(["catalog", "rebuild", "--root", root.path])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(rebuild.stdout.contains("4 file(s) (4 from sidecars, 0 adopted without one), 2 run(s)"), "\(rebuild.stdout)")
        #expect(Self.comparable(try Self.list(root)) == before)
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        #expect(runs.map { $0["status"] as? String } == ["done", "done"])
        #expect(Set(runs.compactMap { $0["job"] as? String }) == ["tl", "rec"])

        // Again, with the catalog in place: it is moved aside, and the run rows it had are kept.
        let again = try CamschedBinary.run(["catalog", "rebuild", "--json", "--root", root.path])
        let report = try #require(JobFixtures.events(again.stdout).first)
        #expect((report["movedAside"] as? String)?.hasPrefix("catalog.sqlite.old-") == true)
        #expect(Self.comparable(try Self.list(root)) == before)
    }

    @Test func aRunKilledWithSIGKILLShowsInterruptedAfterTheNextRun() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "30s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !dir.files().contains(where: { $0.hasSuffix(".partial") }) { Thread.sleep(forTimeInterval: 0.2) }
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let root = dir.file("out")
        let killed = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        #expect(killed.map { $0["status"] as? String } == ["running"])

        let next = try dir.write("next.json", JobFixtures.interval(name: "next", count: 1))
        let result = try CamschedBinary.run(["run", next.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("marked it interrupted"), "\(result.stderr)")
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        let statuses = Dictionary(runs.map { ($0["job"] as? String ?? "", $0["status"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(statuses == ["rec": "interrupted", "next": "done"], "\(runs)")
        let text = try CamschedBinary.run(["catalog", "runs", "--root", root.path]).stdout
        #expect(text.contains("\tinterrupted\trec\t") && text.contains("\tdone\tnext\t"), "\(text)")
    }
}

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
        // Under load an interval may skip a late shot (as designed): count what is on disk.
        #expect(listed.contains { $0.hasPrefix("first/") } && listed.contains { $0.hasPrefix("second/") }, "\(listed)")
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
        let count = Self.mediaFiles(dir).count
        #expect(rebuild.stdout.contains("\(count) file(s) (\(count) from sidecars, 0 adopted without one), 2 run(s)"), "\(rebuild.stdout)")
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
        // Killed once its run row is in the catalog (written off the capture path) and a second
        // of frames is in the file.
        let root = dir.file("out")
        let listed = Wait.until(seconds: 30, every: 0.25) {
            !JobFixtures.events((try? CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]))?.stdout ?? "").isEmpty
        }
        #expect(listed, "the run's row never reached the catalog")
        #expect(PartialMovie.waitForFrames(30, in: dir), "the recording never got a second into its file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        // Shown as what it is at once (read-only); the row itself is marked by the next run.
        #expect(killed.map { $0["status"] as? String } == ["interrupted"] && killed.first?["recordedStatus"] as? String == "running",
                "\(killed)")

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

    @Test func aCatalogDeletedDuringARunIsRecreatedWithThatRunsRows() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "300ms", count: 10))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              environment: ["CAMSCHED_PRESSURE_SOURCES": "file,disk"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        Wait.until(seconds: 30, every: 0.05) { Self.mediaFiles(dir).count >= 3 }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dir.file("out/catalog.sqlite").path + suffix) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let stderr = try String(contentsOf: dir.file("e.txt"), encoding: .utf8)
        #expect(stderr.contains("deleted while in use"), "\(stderr)")
        let listed = try Self.list(dir.file("out")).compactMap { $0["file"] as? String }
        #expect(listed.sorted() == Self.mediaFiles(dir).sorted() && listed.count > 3, "\(listed)")
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path]).stdout)
        #expect(runs.map { $0["status"] as? String } == ["done"], "the run's own row is written again: \(runs)")
    }

    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs"))
    func listRunsAndVerifyWorkOnAReadOnlyArchive() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("archive"), size: "8m")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        let job = try dir.write("a.json", JobFixtures.interval(count: 3).replacingOccurrences(of: "\"root\": \"out\"", with: "\"root\": \"archive\""))
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        // As a copied archive arrives: no -shm or lock file (a -wal with rows would be read from a private copy).
        for suffix in ["-shm", ".lock"] { try? FileManager.default.removeItem(atPath: mount.path + "/catalog.sqlite" + suffix) }
        try tmpfs.remountReadOnly()
        #expect(try Self.list(mount).count == 3)
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", mount.path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let runs = try CamschedBinary.run(["catalog", "runs", "--root", mount.path])
        #expect(runs.status == 0 && runs.stdout.contains("\tdone\ttl\t"), "\(runs.stdout)\(runs.stderr)")
        let show = try CamschedBinary.run(["catalog", "show", "tl/tl-000001.jpg", "--root", mount.path])
        #expect(show.status == 0 && show.stdout.contains("\"sha256\""), "\(show.stderr)")
    }

    @Test func aRunsStartRebuildProbesAMovieWithoutItsSidecar() throws {
        let dir = try TemporaryDirectory()
        let rec = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        #expect(try CamschedBinary.run(["run", rec.path, "--no-progress"]).status == 0)
        let root = dir.file("out")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: root.path + "/catalog.sqlite" + suffix) }
        #expect(try CamschedBinary.run(["catalog", "rebuild", "--root", dir.file("empty").path]).status == 2, "no such folder")
        let job = try dir.write("tl.json", JobFixtures.interval(count: 2))
        try FileManager.default.removeItem(atPath: root.path + "/rec/rec-000001.mp4.json")
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        // The run's start rebuilt the catalog: the movie without a sidecar was probed.
        let movie = try #require(try Self.list(root).first { ($0["file"] as? String) == "rec/rec-000001.mp4" })
        // The job comes from the movie's title tag; the run id only where the container carries
        // it (MKV's camsched_run tag, or a "camsched run ID" comment).
        #expect(movie["job"] as? String == "rec", "\(movie)")
        #expect(movie["kind"] as? String == "segment")
        let show = try CamschedBinary.run(["catalog", "show", "rec/rec-000001.mp4", "--root", root.path])
        #expect(show.stdout.contains("\"width\" : 320") || show.stdout.contains("\"width\":320"), "\(show.stdout)")
    }

    @Test func verifyRepairAdoptsFilesWithSidecarsButNoRow() throws {
        let dir = try TemporaryDirectory()
        let first = try dir.write("a.json", JobFixtures.interval(name: "a", count: 2))
        #expect(try CamschedBinary.run(["run", first.path, "--no-progress"]).status == 0)
        // Filed with sidecars but without catalog rows.
        let second = try dir.write("b.json", JobFixtures.interval(name: "b", count: 2)
            .replacingOccurrences(of: "\"path\": \"{job}/{job}-{seq}\"", with: "\"path\": \"{job}/{job}-{seq}\", \"catalog\": false"))
        #expect(try CamschedBinary.run(["run", second.path, "--no-progress"]).status == 0)
        let root = dir.file("out")
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", root.path])
        #expect(verify.status == 1 && verify.stdout.contains("unknown: b/"), "\(verify.stdout)")
        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", root.path])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stderr.contains("adopted b/b-000001.jpg"), "\(repair.stderr)")
        #expect(try Self.list(root).compactMap { $0["file"] as? String }.sorted() == Self.mediaFiles(dir).sorted())
    }

    @Test func theJournalCanBeForcedForFilesystemsCamschedDoesNotRecognise() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 2))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: ["CAMSCHED_CATALOG_JOURNAL": "rollback"])
        #expect(run.status == 0, "\(run.stderr)")
        let header = try Data(contentsOf: dir.file("out/catalog.sqlite"))
        #expect(header[18] == 1, "a rollback-journal database (WAL would be 2)")
        #expect(!dir.files().contains("out/catalog.sqlite-shm"))
        #expect(try Self.list(dir.file("out")).count == Self.mediaFiles(dir).count)
    }
}

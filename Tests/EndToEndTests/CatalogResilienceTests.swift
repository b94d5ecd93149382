import CamschedTestSupport
import Foundation
import Testing

/// The catalog never makes capture wait or lose a file (SPEC section 5): a catalog held by
/// another process, damaged, replaced or on a full disk delays rows, never shots, and every
/// filed file reaches it.
@Suite struct CatalogResilienceTests {
    static func stills(_ dir: TemporaryDirectory, job: String = "tl") -> [String] {
        CatalogRecoveryTests.mediaFiles(dir).filter { $0.hasPrefix(job + "/") }
    }

    static func partials(_ dir: TemporaryDirectory) -> [String] {
        dir.files().filter { $0.hasSuffix(".partial") }
    }

    static func waitFor(_ seconds: TimeInterval, _ condition: () -> Bool) {
        Wait.until(seconds: seconds, every: 0.05, condition)
    }

    static func done(_ dir: TemporaryDirectory) throws -> [String: Any] {
        let stdout = try String(contentsOf: dir.file("o.txt"), encoding: .utf8)
        return try #require(JobFixtures.events(stdout).last { $0["event"] as? String == "done" }, "\(stdout)")
    }

    @Test(arguments: ["before the run", "during the run", "before the run, rollback journal"])
    func aCatalogLockedByAnotherProcessForTenSecondsDelaysNoShot(_ when: String) throws {
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        // With a rollback journal (network filesystems) the lock blocks readers too.
        let environment = when.hasSuffix("rollback journal") ? ["CAMSCHED_CATALOG_JOURNAL": "rollback"] : [:]
        let seed = try dir.write("seed.json", JobFixtures.interval(name: "seed", count: 1))
        #expect(try CamschedBinary.run(["run", seed.path, "--no-progress"], environment: environment).status == 0, "a catalog to lock")
        let catalog = root.appendingPathComponent("catalog.sqlite")
        let job = try dir.write("tl.json", JobFixtures.interval(every: "250ms", count: 24))
        var holder = when.hasPrefix("before the run") ? try CatalogLockHolder(catalog: catalog) : nil
        var lockedAt = Date()
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--json"],
                                              environment: environment, stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        if holder == nil {
            Self.waitFor(30) { Self.stills(dir).count >= 2 }
            holder = try CatalogLockHolder(catalog: catalog)
            lockedAt = Date()
        }
        // Time is the scenario: another process holds the lock for 10 s (the run takes 6 s).
        Thread.sleep(forTimeInterval: max(0, 10 - Date().timeIntervalSince(lockedAt)))
        holder?.release()
        process.waitUntilExit()
        let stderr = try String(contentsOf: dir.file("e.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(stderr)")
        let done = try Self.done(dir)
        #expect(done["skipped"] as? Int == 0, "no shot waited for the catalog: \(done)")
        #expect(done["stills"] as? Int == 24)
        // Nor did the start wait: opening the catalog (a read, blocked by a rollback journal's
        // lock) happens off the capture path.
        let events = JobFixtures.events(try String(contentsOf: dir.file("o.txt"), encoding: .utf8))
        let firstShot = try #require(events.first { $0["event"] as? String == "capture" }?["time"] as? String)
        let firstShotAt = try #require(ISO8601DateFormatter.fractional.date(from: firstShot))
        #expect(firstShotAt.timeIntervalSince(lockedAt) < 5, "the first shot came \(firstShotAt.timeIntervalSince(lockedAt)) s after the lock")
        #expect(Self.stills(dir).count == 24)
        // The run waited (bounded) at its end for the lock to go: every still has its row.
        let rows = try CatalogRecoveryTests.list(root, ["--job", "tl"]).compactMap { $0["file"] as? String }
        #expect(rows.sorted() == Self.stills(dir).sorted(), "\(stderr)")
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--job", "tl", "--root", root.path]).stdout)
        #expect(runs.map { $0["status"] as? String } == ["done"])
    }

    @Test(arguments: ["overwritten with garbage", "replaced by an empty file", "replaced by garbage"])
    func aCatalogDamagedDuringARunIsSetAsideAndEveryStillReachesTheNewOne(_ damage: String) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "250ms", count: 16))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--json"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        Self.waitFor(30) { Self.stills(dir).count >= 4 }
        let catalog = dir.file("out/catalog.sqlite")
        if damage == "overwritten with garbage" {
            // `head -c 4096 /dev/urandom > catalog.sqlite`: the same file, its content gone.
            let handle = try FileHandle(forWritingTo: catalog)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data((0..<4096).map { _ in UInt8.random(in: 0...255) }))
            try handle.close()
        } else {
            // `: > e; mv e catalog.sqlite`, `head -c 100000 /dev/urandom > g; mv g catalog.sqlite`:
            // another file in its place, while the old one's -wal and -shm stay (SQLite read
            // the garbage through them as if it were the old catalog).
            let other = dir.file("e")
            let content = damage == "replaced by garbage" ? Data((0..<100_000).map { _ in UInt8.random(in: 0...255) }) : Data()
            _ = FileManager.default.createFile(atPath: other.path, contents: content)
            #expect(rename(other.path, catalog.path) == 0)
        }
        process.waitUntilExit()
        let stderr = try String(contentsOf: dir.file("e.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(Self.partials(dir).isEmpty, "no still waits as a partial file: \(Self.partials(dir))")
        let stills = Self.stills(dir)
        #expect(try Self.done(dir)["stills"] as? Int == stills.count && stills.count >= 12, "\(stills)")
        let rows = try CatalogRecoveryTests.list(dir.file("out")).compactMap { $0["file"] as? String }
        #expect(rows.sorted() == stills.sorted(), "every still reaches the catalog: \(stderr)")
        #expect(dir.files().contains { $0.hasPrefix("out/catalog.sqlite.old-") }, "the damaged file is set aside")
        #expect(stderr.contains("rebuilding it from the sidecars"), "\(stderr)")
        #expect(try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path]).status == 0)
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path]).stdout)
        #expect(runs.map { $0["status"] as? String } == ["done"], "the run's own row is written again: \(runs)")
    }

    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs"))
    func aStillIsFiledUnderItsNameWhenTheCatalogCannotGrowOnAFullDisk() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("small"), size: "512k")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        // Stills of ~3 KB fit long after the catalog's write-ahead log (a few pages per row)
        // has filled the disk: the catalog is what hits the full disk first.
        let text = JobFixtures.interval(every: "100ms", count: 400).replacingOccurrences(of: "\"root\": \"out\"", with: "\"root\": \"small\"")
        let job = try dir.write("tl.json", text)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"])
        let stills = JobFixtures.events(run.stdout).filter { $0["event"] as? String == "capture" }.compactMap { $0["file"] as? String }
        #expect(!stills.isEmpty, "\(run.stderr)")
        // (Listed below the mount point itself: a walk of the temporary folder does not cross it.)
        let partials = try FileManager.default.subpathsOfDirectory(atPath: mount.path).filter { $0.hasSuffix(".jpg.partial") }
        #expect(partials.isEmpty, "a complete still is never put back as a partial file: \(partials)\n\(run.stderr)")
        for still in stills { #expect(FileManager.default.fileExists(atPath: mount.path + "/" + still), "\(still)") }
        // With room again, the rows come from the sidecars.
        #expect(try ProcessRunner.run("/bin/mount", ["-o", "remount,size=8m", mount.path]).status == 0)
        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", mount.path])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        let rows = try CatalogRecoveryTests.list(mount).compactMap { $0["file"] as? String }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: mount.path + "/tl").filter { $0.hasSuffix(".jpg") }.map { "tl/" + $0 }
        #expect(rows.sorted() == onDisk.sorted() && onDisk.count >= stills.count, "\(run.stderr)")
    }

    @Test func verifyRepairMarksAKilledRunInterruptedAndLeavesALiveOneRunning() throws {
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        let job = try dir.write("rec.json", JobFixtures.record(duration: "60s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        func runs() throws -> [[String: Any]] {
            JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        }
        Self.waitFor(30) { !Self.partials(dir).isEmpty && ((try? runs()) ?? []).count == 1 }
        _ = try CamschedBinary.run(["catalog", "verify", "--repair", "--quick", "--root", root.path])
        #expect(try runs().map { $0["status"] as? String } == ["running"], "a live run stays running")
        #expect(process.isRunning)

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Read-only, `catalog runs` already shows what happened; the row is not changed yet.
        let shown = try runs()
        #expect(shown.map { $0["status"] as? String } == ["interrupted"] && shown.first?["recordedStatus"] as? String == "running", "\(shown)")
        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", root.path])
        #expect(repair.stderr.contains("marked it interrupted"), "\(repair.stderr)")
        let marked = try runs()
        #expect(marked.map { $0["status"] as? String } == ["interrupted"] && marked.first?["recordedStatus"] == nil, "\(marked)")
    }

    @Test func catalogRebuildMarksAKilledRunInterrupted() throws {
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        let job = try dir.write("tl.json", JobFixtures.interval(every: "300ms", count: 200))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        Self.waitFor(30) { Self.stills(dir).count >= 3 }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try CamschedBinary.run(["catalog", "rebuild", "--root", root.path]).status == 0)
        let sqlite = try ProcessRunner.run("/usr/bin/sqlite3", [root.path + "/catalog.sqlite", "SELECT status FROM runs"])
        #expect(sqlite.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "interrupted", "the row itself: \(sqlite)")
    }

    @Test func aUsersOwnPictureUnderTheRootIsNeverDeletedByRetentionOrPrune() throws {
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        let first = try dir.write("tl.json", JobFixtures.interval(count: 2))
        #expect(try CamschedBinary.run(["run", first.path, "--no-progress"]).status == 0)
        let old = Date().addingTimeInterval(-100 * 86_400)
        // The user's own picture in the job's folder: a real JPEG, no sidecar, 100 days old.
        let vacation = root.appendingPathComponent("tl/vacation.jpg")
        try FileManager.default.copyItem(at: root.appendingPathComponent("tl/tl-000001.jpg"), to: vacation)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: vacation.path)
        // One of camsched's own stills, 100 days old by its sidecar.
        let sidecarURL = root.appendingPathComponent("tl/tl-000002.jpg.json")
        var sidecar = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sidecarURL)) as? [String: Any])
        let stamp = ISO8601DateFormatter.string(from: old, timeZone: TimeZone(identifier: "UTC") ?? .current,
                                                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        sidecar["startedAt"] = stamp
        sidecar["endedAt"] = stamp
        try JSONSerialization.data(withJSONObject: sidecar).write(to: sidecarURL)
        // The catalog is made again from what is on disk: the picture is adopted.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: root.path + "/catalog.sqlite" + suffix) }
        let rebuild = try CamschedBinary.run(["catalog", "rebuild", "--root", root.path])
        #expect(rebuild.stdout.contains("1 adopted without one"), "\(rebuild.stdout)\(rebuild.stderr)")
        let rows = try CatalogRecoveryTests.list(root)
        #expect(rows.first { $0["file"] as? String == "tl/vacation.jpg" }?["adopted"] as? Bool == true, "listed, marked: \(rows)")

        let dry = try CamschedBinary.run(["catalog", "prune", "--dry-run", "--json", "--max-age", "30d", "--root", root.path])
        #expect(JobFixtures.events(dry.stdout).compactMap { $0["file"] as? String } == ["tl/tl-000002.jpg"], "\(dry.stdout)")
        let retained = try dir.write("tl.json", JobFixtures.interval(count: 1, extra: ", \"retention\": {\"maxAge\": \"30d\"}"))
        let run = try CamschedBinary.run(["run", retained.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.path + "/tl/tl-000002.jpg"), "camsched's own old still goes")
        #expect(FileManager.default.fileExists(atPath: vacation.path), "the user's picture stays")
        let prune = try CamschedBinary.run(["catalog", "prune", "--json", "--max-age", "0s", "--root", root.path])
        #expect(!prune.stdout.contains("vacation") && FileManager.default.fileExists(atPath: vacation.path), "\(prune.stdout)")
        #expect(JobFixtures.events(prune.stdout).count == 2, "everything camsched filed goes: \(prune.stdout)")
    }

    @Test(arguments: ["a link to a catalog elsewhere", "a folder"])
    func aCatalogThatIsNotAFileIsSetAsideAndNeverWrittenThrough(_ kind: String) throws {
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        let seed = try dir.write("seed.json", JobFixtures.interval(name: "seed", count: 2))
        #expect(try CamschedBinary.run(["run", seed.path, "--no-progress"]).status == 0)
        let catalog = root.appendingPathComponent("catalog.sqlite").path
        let elsewhere = dir.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        if kind == "a folder" {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: catalog + suffix) }
            try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: false)
        } else {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: catalog + suffix) {
                try FileManager.default.moveItem(atPath: catalog + suffix, toPath: elsewhere.path + "/other.db" + suffix)
            }
            try FileManager.default.createSymbolicLink(atPath: catalog, withDestinationPath: elsewhere.path + "/other.db")
        }
        func contents() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) {
                files[name] = try Data(contentsOf: elsewhere.appendingPathComponent(name))
            }
            return files
        }
        let before = try contents()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 3))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("is a symbolic link or a folder"), "\(run.stderr)")
        // Nothing was written where the link points.
        #expect(try contents() == before)
        var status = stat()
        #expect(lstat(catalog, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "a real catalog file in its place")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).contains { $0.hasPrefix("catalog.sqlite.old-") })
        let rows = try CatalogRecoveryTests.list(root).compactMap { $0["file"] as? String }
        #expect(rows.sorted() == CatalogRecoveryTests.mediaFiles(dir).sorted(), "\(run.stderr)")
    }

    @Test func garbageWriteAheadLogAndSharedMemoryFilesLoseNoRow() throws {
        // A regression guard: SQLite ignores a log whose header is not its own; every start
        // adopts files with a sidecar but no row, whatever the catalog lost.
        let dir = try TemporaryDirectory()
        let root = dir.file("out")
        let seed = try dir.write("seed.json", JobFixtures.interval(name: "seed", count: 2))
        #expect(try CamschedBinary.run(["run", seed.path, "--no-progress"]).status == 0)
        for (suffix, size) in [("-wal", 50_000), ("-shm", 32_768)] {
            try Data((0..<size).map { _ in UInt8.random(in: 0...255) }).write(to: root.appendingPathComponent("catalog.sqlite" + suffix))
        }
        let job = try dir.write("tl.json", JobFixtures.interval(count: 2))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try CatalogRecoveryTests.list(root).compactMap { $0["file"] as? String }
        #expect(rows.sorted() == CatalogRecoveryTests.mediaFiles(dir).sorted() && rows.count == 4, "\(run.stderr)")
        #expect(try CamschedBinary.run(["catalog", "verify", "--root", root.path]).status == 0)
    }
}

extension ISO8601DateFormatter {
    /// RFC 3339 with milliseconds, as camsched's events carry.
    static var fractional: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}

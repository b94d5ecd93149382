import CamschedTestSupport
import Foundation
import Testing

/// What camsched files is known to be its own after any kill: a recording killed (SIGKILL,
/// through gdb) at the one moment between its file's rename and its sidecar's is described and
/// catalogued by `catalog verify --repair`; a recording that lost its sidecar is filed again
/// as camsched's (under retention), not adopted as a stranger's file.
@Suite struct SegmentKillTests {
    static let movie = "rec/rec-000001.mp4"

    static func sha256(_ url: URL) throws -> String {
        String(try ProcessRunner.run("/usr/bin/sha256sum", [url.path]).stdout.prefix(64))
    }

    static func sidecar(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func aKillBetweenTheMoviesRenameAndItsSidecarsLeavesNoOrphan() throws {
        let dir = try TemporaryDirectory()
        try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        // Stops camsched (SIGKILL) as it is about to give the movie's sidecar its name: the
        // movie has its own already.
        try dir.write("kill.gdb", """
            set pagination off
            set print thread-events off
            set breakpoint pending on
            break renameat if $_regex((char *)$rcx, ".*\\\\.mp4\\\\.json$")
            commands
            silent
            printf "camsched-test: killed before naming %s\\n", (char *)$rcx
            signal SIGKILL
            end
            run
            """)
        let gdb = try ProcessRunner.run("/usr/bin/gdb", ["-q", "-batch", "-x", "kill.gdb", "--args",
                                                         CamschedBinary.path, "run", "rec.json", "--no-progress"],
                                        currentDirectory: dir.url, timeout: 300)
        let output = gdb.stdout + gdb.stderr
        try #require(output.contains("camsched-test: killed before naming"), "\(output.suffix(2000))")
        let root = dir.file("out")
        #expect(FileManager.default.fileExists(atPath: root.path + "/" + Self.movie), "\(dir.files())")
        #expect(!FileManager.default.fileExists(atPath: root.path + "/" + Self.movie + ".json"), "killed before the sidecar's name")

        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", root.path])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        let sidecar = try Self.sidecar(root.appendingPathComponent(Self.movie + ".json"))
        #expect(sidecar["sha256"] as? String == (try Self.sha256(root.appendingPathComponent(Self.movie))))
        #expect(sidecar["kind"] as? String == "segment" && (sidecar["frames"] as? Int ?? 0) > 0, "\(sidecar)")
        let rows = try CatalogRecoveryTests.list(root)
        #expect(rows.compactMap { $0["file"] as? String } == [Self.movie], "\(rows)")
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", root.path])
        #expect(verify.status == 0 && verify.stdout.contains("ok: 1 file(s) checked"), "\(verify.stdout)")
    }

    @Test func aMovieThatLostItsSidecarIsFiledAgainAsCamschedsOwn() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        let run = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let root = dir.file("out")
        let original = try Self.sidecar(root.appendingPathComponent(Self.movie + ".json"))
        // As an older camsched killed between the two renames left it: no sidecar, no row.
        try FileManager.default.removeItem(atPath: root.path + "/" + Self.movie + ".json")
        let deleted = try ProcessRunner.run("/usr/bin/sqlite3", [root.path + "/catalog.sqlite", "DELETE FROM files WHERE file = '\(Self.movie)'"])
        #expect(deleted.status == 0, "\(deleted.stderr)")

        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", root.path])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stderr.contains("filed \(Self.movie) again"), "\(repair.stderr)")
        let sidecar = try Self.sidecar(root.appendingPathComponent(Self.movie + ".json"))
        #expect(sidecar["run"] as? String == original["run"] as? String && sidecar["job"] as? String == "rec", "\(sidecar)")
        #expect(sidecar["recovered"] as? Bool == true && sidecar["sha256"] as? String == original["sha256"] as? String)

        // A rebuild of a catalog without the sidecar files it as camsched's too: under retention.
        try FileManager.default.removeItem(atPath: root.path + "/" + Self.movie + ".json")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: root.path + "/catalog.sqlite" + suffix) }
        #expect(try CamschedBinary.run(["catalog", "rebuild", "--root", root.path]).status == 0)
        let adopted = try ProcessRunner.run("/usr/bin/sqlite3", [root.path + "/catalog.sqlite",
                                                                 "SELECT run, adopted FROM files WHERE file = '\(Self.movie)'"])
        #expect(adopted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(original["run"] as? String ?? "?")|0", "\(adopted.stdout)")
    }
}

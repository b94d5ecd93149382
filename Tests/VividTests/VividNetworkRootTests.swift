import CamschedTestSupport
import Foundation
import Testing

/// An output root on a filesystem without shared memory: in the vivid guest the repository's
/// `.cache/guest` is the host's folder seen through 9p (`scripts/vivid-run.sh`), as a NAS
/// share would be. SQLite's WAL fails there ("disk I/O error", SQLite error 5386); the catalog
/// must use a rollback journal and everything must file and catalogue normally.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividNetworkRootTests {
    /// A fresh folder under `.cache/guest` (the job file goes in it, the output root is its
    /// `out`), and the type of the filesystem holding it as the mount table says. (`stat -f`
    /// would report the host's filesystem: 9p passes the server's `statfs` through.)
    static func networkFolder() throws -> (URL, String) {
        let folder = CamschedBinary.repository.appendingPathComponent(".cache/guest/net-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let type = try ProcessRunner.run("/usr/bin/findmnt", ["-n", "-o", "FSTYPE", "--target", folder.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (folder, type)
    }

    static func stills(_ root: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    static func job(root: URL, name: String) -> String {
        """
        {"name": "\(name)", "camera": {"device": "\(VividEnvironment.primary)", "size": "320x180", "fps": 15, "warmup": "200ms"},
         "capture": {"interval": {"every": "2s", "count": 3}}, "still": {"format": "jpeg"},
         "output": {"root": "\(root.path)", "path": "{job}/{seq}"}}
        """
    }

    @Test func aRootOnA9pShareFilesAndCataloguesNormally() throws {
        try VividEnvironment.captureDevice().close()
        let (folder, type) = try Self.networkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(type == "9p", "the guest's .cache/guest should be a 9p share, is \(type)")
        let root = folder.appendingPathComponent("out")
        let job = folder.appendingPathComponent("job.json")
        try Self.job(root: root, name: "nas").write(to: job, atomically: false, encoding: .utf8)

        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("disk I/O error"), "\(run.stderr)")
        let list = try CamschedBinary.run(["catalog", "list", "--json", "--root", root.path])
        #expect(list.status == 0, "\(list.stderr)")
        // Every still filed is catalogued (under emulation a late shot may be skipped, as designed).
        let filed = Self.stills(root)
        let listed = list.stdout.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["file"] as? String
        }
        #expect(listed.sorted() == filed && filed.count >= 2, "\(list.stdout)\n\(run.stderr)")
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", root.path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let runs = try CamschedBinary.run(["catalog", "runs", "--root", root.path])
        #expect(runs.stdout.contains("\tdone\tnas\t"), "\(runs.stdout)")
        // A rollback journal: no shared-memory file beside the catalog.
        #expect(!FileManager.default.fileExists(atPath: root.path + "/catalog.sqlite-shm"))

        // A second run on the same root adds to the same catalog.
        try Self.job(root: root, name: "nas2").write(to: job, atomically: false, encoding: .utf8)
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 300).status == 0)
        let again = try CamschedBinary.run(["catalog", "list", "--json", "--root", root.path])
        #expect(again.stdout.split(separator: "\n").count == Self.stills(root).count, "\(again.stdout)")
        #expect(Self.stills(root).contains { $0.hasPrefix("nas2/") })
    }

    @Test func forcingWALThereShowsWhyTheRollbackJournalIsNeededAndCaptureGoesOn() throws {
        try VividEnvironment.captureDevice().close()
        let (folder, _) = try Self.networkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("out")
        let job = folder.appendingPathComponent("job.json")
        try Self.job(root: root, name: "wal").write(to: job, atomically: false, encoding: .utf8)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: ["CAMSCHED_CATALOG_JOURNAL": "wal"],
                                         timeout: 300)
        // The catalog cannot work with WAL on 9p, but capture never stops because of it.
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("capture goes on without it"), "\(run.stderr)")
        #expect(Self.stills(root).count >= 2, "\(run.stderr)")
    }

    /// A run of three stills on the 9p root, six times with a busy loop beside it (the hostile
    /// pass saw 2 rows for 3 stills, exit 0, once in four runs on a loaded machine): each run's
    /// stills all have their rows when it ends, or its last line says how many the next start adds.
    @Test func everyRunOnA9pRootHasItsRowsOrSaysWhatItLeft() throws {
        try VividEnvironment.captureDevice().close()
        let (folder, _) = try Self.networkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("out")
        let job = folder.appendingPathComponent("job.json")
        try Self.job(root: root, name: "busy").replacingOccurrences(of: "\"every\": \"2s\"", with: "\"every\": \"500ms\"")
            .write(to: job, atomically: false, encoding: .utf8)
        let busy = try ProcessRunner.start("/bin/sh", ["-c", "while :; do :; done"], stdout: folder.appendingPathComponent("busy.out"),
                                           stderr: folder.appendingPathComponent("busy.err"))
        defer { busy.terminate() }
        var before = 0
        for attempt in 1...6 {
            let run = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 300)
            #expect(run.status == 0, "run \(attempt): \(run.stderr)")
            let filed = Self.stills(root).count - before
            before += filed
            let list = try CamschedBinary.run(["catalog", "list", "--json", "--root", root.path])
            let rows = list.stdout.split(separator: "\n").count
            let said = run.stderr.range(of: #"(\d+) not in the catalog yet"#, options: .regularExpression)
                .flatMap { Int(run.stderr[$0].prefix { $0.isNumber }) } ?? 0
            // Read after the run: what it said is left, the next start adds (this read adds nothing).
            #expect(rows + said == before, "run \(attempt): \(rows) rows and \(said) said left for \(before) stills\n\(run.stderr)")
            #expect(filed >= 2, "run \(attempt) filed \(filed)")
        }
    }
}


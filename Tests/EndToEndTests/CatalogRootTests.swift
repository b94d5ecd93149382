import CamschedTestSupport
import Foundation
import Testing

/// A user finds what a run filed with the command the run (and the docs) show next: the catalog
/// commands find a job's root from its job file, as `run` does.
@Suite struct CatalogRootTests {
    static func job(_ dir: TemporaryDirectory, at path: String) throws -> URL {
        try dir.write(path, JobFixtures.interval(count: 2).replacingOccurrences(of: "\"root\": \"out\"", with: "\"root\": \"captures\""))
    }

    @Test func theEndOfARunNamesTheCommandThatListsWhatItFiled() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.job(dir, at: "jobs/tl.json")
        let run = try CamschedBinary.run(["run", "jobs/tl.json", "--no-progress"], currentDirectory: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let root = dir.file("jobs/captures").standardizedFileURL.path
        #expect(run.stderr.contains("list them: camsched catalog list --root \(root)"), "\(run.stderr)")
        let listed = try CamschedBinary.run(["catalog", "list", "--root", root], currentDirectory: dir.url)
        #expect(listed.status == 0 && listed.stdout.split(separator: "\n").count == 2, "\(listed.stdout)\(listed.stderr)")
        let byJobFile = try CamschedBinary.run(["catalog", "list", "--json", "--job-file", "jobs/tl.json"], currentDirectory: dir.url)
        #expect(JobFixtures.events(byJobFile.stdout).count == 2, "\(byJobFile.stderr)")
        // `--job` takes the job file too (its root, and its job's files).
        let byJob = try CamschedBinary.run(["catalog", "list", "--json", "--job", "jobs/tl.json"], currentDirectory: dir.url)
        #expect(JobFixtures.events(byJob.stdout).compactMap { $0["job"] as? String } == ["tl", "tl"], "\(byJob.stderr)")
        let runs = try CamschedBinary.run(["catalog", "runs", "--json", "--job-file", "jobs/tl.json"], currentDirectory: dir.url)
        #expect(JobFixtures.events(runs.stdout).map { $0["status"] as? String } == ["done"], "\(runs.stderr)")
        #expect(try CamschedBinary.run(["catalog", "verify", "--job-file", "jobs/tl.json"], currentDirectory: dir.url).status == 0)

        // A bare `catalog list` in the folder the run was started from: it says where it
        // looked, points at the job's root, and never advises rebuilding this folder.
        let bare = try CamschedBinary.run(["catalog", "list"], currentDirectory: dir.url)
        #expect(bare.status == 2, "\(bare.stdout)")
        #expect(bare.stderr.contains("no catalog in \(dir.url.standardizedFileURL.path)"), "\(bare.stderr)")
        #expect(bare.stderr.contains("camsched catalog list --root \(root)"), "\(bare.stderr)")
        #expect(!bare.stderr.contains("rebuild"), "\(bare.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("catalog.sqlite").path))

        let empty = dir.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try CamschedBinary.run(["catalog", "list"], currentDirectory: empty)
        #expect(nothing.status == 2 && nothing.stderr.contains("--job-file") && !nothing.stderr.contains("rebuild"), "\(nothing.stderr)")
        // Nor does a bare `catalog rebuild` make a catalog of a folder camsched filed nothing in.
        let rebuild = try CamschedBinary.run(["catalog", "rebuild"], currentDirectory: empty)
        #expect(rebuild.status == 2 && !FileManager.default.fileExists(atPath: empty.path + "/catalog.sqlite"), "\(rebuild.stderr)")
        let help = try CamschedBinary.run(["catalog", "list", "--help"])
        #expect(help.stdout.contains("--job-file <file>") && help.stdout.contains("resolved exactly as"), "\(help.stdout)")
        let both = try CamschedBinary.run(["catalog", "list", "--root", root, "--job-file", "jobs/tl.json"], currentDirectory: dir.url)
        #expect(both.status == 2 && both.stderr.contains("not both"), "\(both.stderr)")
    }

    @Test func jobFileFindsTheRootUnderStateDirectoryAsRunDoes() throws {
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, at: "etc/tl.json")
        let state = dir.file("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let environment = ["STATE_DIRECTORY": state.path]
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: state.path + "/captures/catalog.sqlite"))
        let listed = try CamschedBinary.run(["catalog", "list", "--json", "--job-file", job.path], environment: environment)
        #expect(JobFixtures.events(listed.stdout).count == 2, "\(listed.stderr)")
        let missing = try CamschedBinary.run(["catalog", "list", "--job-file", dir.file("none.json").path])
        #expect(missing.status == 2 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
    }
}

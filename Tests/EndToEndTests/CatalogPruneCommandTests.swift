import CamschedTestSupport
import Foundation
import Testing

/// `catalog prune --dry-run` from the command line lists what the same prune deletes.
@Suite struct CatalogPruneCommandTests {
    /// Prunes a copy of one root twice: dry run, then for real; returns both --json outputs.
    static func dryAndReal(_ options: [String], root: URL) throws -> (dry: [String], real: [String], files: [String]) {
        let dry = try CamschedBinary.run(["catalog", "prune", "--dry-run", "--json", "--root", root.path] + options)
        #expect(dry.status == 0, "\(dry.stderr)")
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
        let real = try CamschedBinary.run(["catalog", "prune", "--json", "--root", root.path] + options)
        #expect(real.status == 0, "\(real.stderr)")
        let dryFiles = JobFixtures.events(dry.stdout).map { "\($0["job"] ?? "") \($0["file"] ?? "") \($0["reason"] ?? "")" }
        let realFiles = JobFixtures.events(real.stdout).map { "\($0["job"] ?? "") \($0["file"] ?? "") \($0["reason"] ?? "")" }
        #expect(JobFixtures.events(dry.stdout).allSatisfy { $0["dryRun"] as? Bool == true })
        return (dryFiles, realFiles, before)
    }

    func filedRoot(_ dir: TemporaryDirectory, root: String = "out", size: String = "320x180") throws -> URL {
        for name in ["a", "b"] {
            let text = JobFixtures.interval(name: name, device: "test:?size=\(size)&fps=30", count: 4)
            let job = try dir.write("\(name).json", text.replacingOccurrences(of: "\"root\": \"out\"", with: "\"root\": \"\(root)\""))
            #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        }
        return dir.file(root)
    }

    @Test func maxSizeAndMaxAge() throws {
        let dir = try TemporaryDirectory()
        let root = try filedRoot(dir)
        let sizes = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".jpg") }
            .map { try FileManager.default.attributesOfItem(atPath: root.path + "/" + $0)[.size] as? Int ?? 0 }
        let limit = (sizes.max() ?? 0) * 2
        let size = try Self.dryAndReal(["--max-size", "\(limit)B"], root: root)
        #expect(size.dry == size.real && !size.real.isEmpty, "\(size)")
        let left = JobFixtures.filed(dir, ext: "jpg").count
        let age = try Self.dryAndReal(["--max-age", "0s"], root: root)
        #expect(age.dry == age.real && age.real.count == left, "everything left goes: \(age)")
    }

    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs"))
    func minFreeOnASmallFilesystem() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("small"), size: "64m")
        defer { tmpfs.unmount() }
        // Large stills, so that the catalog's own -wal and -shm (tens of KiB, created when the
        // prune opens it) are small beside them.
        let root = try filedRoot(dir, root: "small", size: "1920x1080")
        let stills = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".jpg") }
        let average = try stills.map { try FileManager.default.attributesOfItem(atPath: root.path + "/" + $0)[.size] as? Int ?? 0 }
            .reduce(0, +) / max(1, stills.count)
        // Ask for what is free now plus about three stills' worth.
        var info = statvfs()
        statvfs(root.path, &info)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let result = try Self.dryAndReal(["--min-free", "\(free + 3 * average)B"], root: root)
        #expect(result.dry == result.real && !result.real.isEmpty && result.real.count < stills.count, "\(result)")
    }

    @Test func dryRunTextSaysWouldDelete() throws {
        let dir = try TemporaryDirectory()
        let root = try filedRoot(dir)
        let stills = JobFixtures.filed(dir, ext: "jpg").count
        let text = try CamschedBinary.run(["catalog", "prune", "--dry-run", "--max-age", "0s", "--root", root.path])
        #expect(text.status == 0)
        #expect(text.stdout.components(separatedBy: "would delete: ").count == stills + 1, "\(text.stdout)")
        #expect(text.stdout.contains("\(stills) file(s)") && text.stdout.contains("dry run: nothing changed"), "\(text.stdout)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == stills)
    }
}

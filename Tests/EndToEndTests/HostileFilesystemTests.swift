import CamschedTestSupport
import Foundation
import Glibc
import Testing

/// As root, a lock folder and partial names prepared by another user (uid 65534) with links to
/// a root-owned file leave that file untouched, and capture still works.
@Suite struct HostileFilesystemTests {
    static let nobody: uid_t = 65534
    static let victimText = "root's own file\n"
    static let device = "test:?size=320x180&fps=30&card=hostile"

    /// The lock file's name for `device`, as camsched derives it from the camera's key.
    static var lockName: String {
        String(("test|" + device).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }) + ".lock"
    }

    static func job(_ dir: TemporaryDirectory) throws -> URL {
        try dir.write("tl.json", JobFixtures.interval(name: "tl", device: device, every: "100ms", count: 2,
                                                      extra: #", "hooks": {}"#).replacingOccurrences(
            of: #""path": "{job}/{job}-{seq}""#, with: #""path": "{job}/{job}-{seq}", "latest": true"#))
    }

    static func plant(_ path: String, to target: String, owner: uid_t? = nobody) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        if let owner, geteuid() == 0 { #expect(lchown(path, owner, owner) == 0) }
    }

    static func victim(_ dir: TemporaryDirectory) throws -> URL {
        try dir.write("victim.txt", victimText)
    }

    static func isUntouched(_ victim: URL) -> Bool {
        (try? Data(contentsOf: victim)) == Data(victimText.utf8)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aLockFolderAndPartialNamesPreparedByAnotherUserLeaveRootsFileUntouched() throws {
        let dir = try TemporaryDirectory()
        let victim = try Self.victim(dir)
        // The lock folder belongs to "nobody", who put a link named like the lock file in it.
        let locks = dir.file("locks").path
        try Self.plant(locks + "/" + Self.lockName, to: victim.path)
        #expect(chown(locks, Self.nobody, Self.nobody) == 0)
        // "nobody" also prepared the job's folder with links under the partial names.
        for name in ["tl-000001.jpg.partial", "tl-000001.jpg.json.partial", "tl-000002.jpg.partial", "latest.jpg"] {
            try Self.plant(dir.file("out/tl/" + name).path, to: victim.path)
        }
        #expect(chown(dir.file("out/tl").path, Self.nobody, Self.nobody) == 0)

        let result = try CamschedBinary.run(["run", try Self.job(dir).path, "--no-progress"], environment: ["CAMSCHED_LOCK_DIR": locks])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isUntouched(victim))
        #expect(result.stderr.contains("camera lock folder \(locks) refused: it belongs to uid 65534"), "\(result.stderr)")
        #expect(result.stderr.contains("left tl/tl-000001.jpg.partial alone"), "recovery lists them: \(result.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg").map(\.lastPathComponent)
        #expect(stills == ["latest.jpg", "tl-000001.jpg", "tl-000002.jpg"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("out/tl/latest.jpg").path) == "tl-000002.jpg")
        #expect(try JobFixtures.sidecar(dir.file("out/tl/tl-000001.jpg"))["file"] as? String == "tl/tl-000001.jpg")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("out/tl/tl-000001.jpg.partial").path) == victim.path,
                "another user's link is left alone")
    }

    @Test func aLockFolderThatIsALinkIsRefused() throws {
        let dir = try TemporaryDirectory()
        let elsewhere = dir.file("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let victim = try dir.write("elsewhere/" + Self.lockName, Self.victimText)
        let locks = dir.file("locks").path
        try Self.plant(locks, to: elsewhere, owner: nil)

        let result = try CamschedBinary.run(["run", try Self.job(dir).path, "--no-progress"], environment: ["CAMSCHED_LOCK_DIR": locks])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isUntouched(victim))
        #expect(result.stderr.contains("camera lock folder \(locks) refused: it is a symbolic link"), "\(result.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 3)
    }

    @Test func aLinkPlantedAsTheLockFileIsRemovedNotWrittenThrough() throws {
        let dir = try TemporaryDirectory()
        let victim = try Self.victim(dir)
        let locks = dir.file("locks").path
        try Self.plant(locks + "/" + Self.lockName, to: victim.path, owner: nil)

        let result = try CamschedBinary.run(["run", try Self.job(dir).path, "--no-progress"], environment: ["CAMSCHED_LOCK_DIR": locks])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isUntouched(victim))
        #expect(result.stderr.contains("removed the symbolic link"), "\(result.stderr)")
        var status = stat()
        #expect(lstat(locks + "/" + Self.lockName, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "a real lock file now")
        #expect(try String(contentsOfFile: locks + "/" + Self.lockName, encoding: .utf8).hasPrefix("pid "))
    }
}

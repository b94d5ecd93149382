@testable import CamschedCapture
import CamschedTestSupport
import Foundation
import Glibc
import Testing

/// The camera lock folder is created and opened without following links and refused when it
/// is a link or another user's; lock files are never written through a link.
@Suite struct CameraLockDirectoryTests {
    static let victimText = "root's file\n"

    static func open(candidates: [(path: String, mode: mode_t)]) -> (descriptor: Int32, path: String)? {
        CameraLockDirectory.openLockFile(named: "cam.lock", candidates: candidates)
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func aNewFolderGetsMode0755AndTheLockFileIsARegularFile() throws {
        let base = try TemporaryDirectory("lockdir")
        let folder = base.file("locks").path
        let previous = umask(0o077)
        defer { umask(previous) }
        let opened = Self.open(candidates: [(folder, 0o755)])
        let (fd, path) = try #require(opened)
        defer { close(fd) }
        #expect(path == folder + "/cam.lock")
        #expect(Self.mode(folder) == 0o755, "mkdir's umask does not make it private")
        var status = stat()
        #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG)
    }

    @Test func aFolderThatIsALinkIsRefusedForTheFallback() throws {
        let base = try TemporaryDirectory("lockdir")
        let elsewhere = base.file("elsewhere").path
        let victim = try base.write("elsewhere/cam.lock", Self.victimText)
        try FileManager.default.createSymbolicLink(atPath: base.file("locks").path, withDestinationPath: elsewhere)
        let fallback = base.file("private").path
        let opened = Self.open(candidates: [(base.file("locks").path, 0o755), (fallback, 0o700)])
        let (fd, path) = try #require(opened)
        close(fd)
        #expect(path == fallback + "/cam.lock")
        #expect(Self.mode(fallback) == 0o700)
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.victimText)
        guard case .failure(let refusal) = CameraLockDirectory.open(base.file("locks").path + "/", mode: 0o755) else {
            Issue.record("a link with a trailing slash must be refused as well")
            return
        }
        #expect(refusal.reason.contains("symbolic link"))
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aFolderOfAnotherUserIsRefused() throws {
        let base = try TemporaryDirectory("lockdir")
        let victim = try base.write("victim.txt", Self.victimText)
        let locks = base.file("locks").path
        try FileManager.default.createDirectory(atPath: locks, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: locks + "/cam.lock", withDestinationPath: victim.path)
        #expect(lchown(locks + "/cam.lock", 65534, 65534) == 0 && chown(locks, 65534, 65534) == 0)
        guard case .failure(let refusal) = CameraLockDirectory.open(locks, mode: 0o755) else {
            Issue.record("another user's lock folder must be refused")
            return
        }
        #expect(refusal.reason.contains("belongs to uid 65534"))
        let fallback = base.file("private").path
        let opened = Self.open(candidates: [(locks, 0o755), (fallback, 0o700)])
        let (fd, path) = try #require(opened)
        close(fd)
        #expect(path == fallback + "/cam.lock")
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.victimText)
    }

    @Test func aLinkInPlaceOfTheLockFileIsRemovedAndNeverWrittenThrough() throws {
        let base = try TemporaryDirectory("lockdir")
        let victim = try base.write("victim.txt", Self.victimText)
        let locks = base.file("locks").path
        try FileManager.default.createDirectory(atPath: locks, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: locks + "/cam.lock", withDestinationPath: victim.path)
        let opened = Self.open(candidates: [(locks, 0o755)])
        let (fd, path) = try #require(opened)
        defer { close(fd) }
        #expect(path == locks + "/cam.lock")
        let text = "pid 1: holder\n"
        #expect(text.withCString { pwrite(fd, $0, strlen($0), 0) } == text.utf8.count)
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.victimText)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}

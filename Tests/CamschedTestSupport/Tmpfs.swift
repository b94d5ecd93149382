import Foundation

/// A small tmpfs mounted for one test (a full disk, a read-only archive): created at
/// `mountPoint`, unmounted (lazily, so a process still inside does not keep it) by
/// ``unmount()`` — `defer { small.unmount() }`. Needs root: tests that use it are enabled only
/// when `getuid() == 0`.
package struct Tmpfs {
    package struct MountFailed: Error, CustomStringConvertible {
        package let description: String
    }

    package let url: URL
    package var path: String { url.path }

    /// Mounts a tmpfs of `size` (`mount`'s `size=` option: `768k`, `3m`) at `mountPoint`.
    package static func mount(at mountPoint: URL, size: String) throws -> Tmpfs {
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mounted = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
        guard mounted.status == 0 else { throw MountFailed(description: "cannot mount a tmpfs here: \(mounted.stderr)") }
        return Tmpfs(url: mountPoint)
    }

    /// Makes it read-only (as an archive copied to a read-only medium).
    package func remountReadOnly() throws {
        let remounted = try ProcessRunner.run("/bin/mount", ["-o", "remount,ro", path])
        guard remounted.status == 0 else { throw MountFailed(description: "cannot remount \(path) read-only: \(remounted.stderr)") }
    }

    package func unmount() { _ = try? ProcessRunner.run("/bin/umount", ["-l", path]) }
}

import Foundation

/// A small ext4 image loop-mounted for one test (how a filesystem's journal shapes what
/// camsched flushes): made with `mkfs.ext4` and `features` (`^has_journal`: no journal), mounted
/// with `options`, unmounted by ``unmount()`` — `defer { disk.unmount() }`. Needs root and
/// e2fsprogs: tests that use it are enabled only when ``isAvailable``.
package struct LoopExt4 {
    package let url: URL
    package var path: String { url.path }

    /// Whether this process may make one (root, `mkfs.ext4` installed).
    package static var isAvailable: Bool {
        getuid() == 0 && ["/sbin/mkfs.ext4", "/usr/sbin/mkfs.ext4"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Makes a `size`-byte image at `image` and mounts it at `mountPoint`.
    package static func mount(image: URL, at mountPoint: URL, size: Int = 64 << 20, features: String? = nil,
                              options: String? = nil) throws -> LoopExt4 {
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image.path, contents: nil), truncate(image.path, off_t(size)) == 0 else {
            throw Tmpfs.MountFailed(description: "cannot make the image \(image.path)")
        }
        let made = try ProcessRunner.run("/sbin/mkfs.ext4", ["-q", "-F"] + (features.map { ["-O", $0] } ?? []) + [image.path])
        guard made.status == 0 else { throw Tmpfs.MountFailed(description: "mkfs.ext4 failed: \(made.stderr)") }
        let mounted = try ProcessRunner.run("/bin/mount", ["-o", "loop" + (options.map { "," + $0 } ?? ""), image.path, mountPoint.path])
        guard mounted.status == 0 else { throw Tmpfs.MountFailed(description: "cannot mount \(image.path): \(mounted.stderr)") }
        return LoopExt4(url: mountPoint)
    }

    /// Unmounts it (the loop device goes with it).
    package func unmount() { _ = try? ProcessRunner.run("/bin/umount", [path]) }
}

import Foundation
import Glibc

/// The type of the filesystem holding a path (`ext4`, `nfs4`, `9p`, `fuse.sshfs`…), as the
/// kernel lists it in `/proc/self/mountinfo` for the path's device.
///
/// (`statfs(2)`'s `f_type` would say the same — `NFS_SUPER_MAGIC` 0x6969, `SMB_SUPER_MAGIC`
/// 0x517B, CIFS 0xFF534D42, SMB2 0xFE534D42, `V9FS_MAGIC` 0x01021997, `FUSE_SUPER_MAGIC`
/// 0x65735546 — but Glibc's Swift module does not export `statfs`.)
package struct FilesystemType: Sendable, Equatable, CustomStringConvertible {
    /// The type's name as the kernel gives it.
    package var name: String

    /// Types whose files cannot back SQLite's shared-memory WAL index reliably. FUSE file
    /// systems (`fuse`, `fuse.sshfs`, …) are matched by prefix.
    static let withoutSharedMemory: Set<String> = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "afs", "fuse", "fuseblk"]

    /// A filesystem type by name.
    package init(name: String) {
        self.name = name
    }

    /// The type of the filesystem holding `path` (or, when `path` does not exist yet, its
    /// nearest existing parent); `nil` when it cannot be told.
    package init?(path: String) {
        var status = stat()
        var probe = path
        while stat(probe, &status) != 0 {
            let parent = FilesystemSpace.parent(of: probe)
            guard parent != probe, !parent.isEmpty else { return nil }
            probe = parent
        }
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
              let name = Self.type(ofDevice: UInt64(status.st_dev), mountInfo: table) else { return nil }
        self.name = name
    }

    /// The type of the mount whose `major:minor` is `device`'s, from mountinfo text.
    static func type(ofDevice device: UInt64, mountInfo: String) -> String? {
        // glibc's gnu_dev_major / gnu_dev_minor.
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let wanted = "\(major):\(minor)"
        for line in mountInfo.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, fields[2] == wanted, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            return String(fields[dash + 1])
        }
        return nil
    }

    /// `true` for network and FUSE filesystems, where SQLite's WAL cannot be used.
    package var lacksSharedMemory: Bool {
        Self.withoutSharedMemory.contains(name) || name.hasPrefix("fuse.")
    }

    package var description: String { name }
}

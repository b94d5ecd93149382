import Foundation
import Glibc
import Synchronization

/// Whether a filesystem makes a file's written-back data and its new name durable together in
/// one journal commit, so that a still needs one flush rather than two.
///
/// Holds for ext4 with a journal, `data=ordered` (the default) and without
/// `journal_async_commit`: a still's blocks written back and waited for
/// (``FilingCall/writeBack(_:)``) have their allocation in the running jbd2 transaction and
/// their bytes on the device (perhaps in its cache); the renames that follow join that
/// transaction or a later one; one `fsync` of the folder commits it and every one before it,
/// in order, and jbd2 writes its commit block with a cache flush before it (`REQ_PREFLUSH`),
/// so the bytes are durable no later than the names. With `journal_async_commit` the commit
/// block goes out without that flush; without a journal (`ext2`, or ext4 made without one)
/// nothing orders the folder's block after the data; `data=journal` and `data=writeback` are
/// left on the proven path too.
///
/// Not assumed elsewhere: XFS, btrfs and F2FS order their metadata by other means (XFS's log
/// force would very likely do, btrfs's log tree writes a directory's fsync without the new
/// files' extents unless they were fsynced, F2FS's roll-forward recovers only fsynced files),
/// and on NFS, SMB or 9p `sync_file_range` makes nothing durable on the server. There each file
/// is flushed before its rename, as always.
enum OrderedJournal {
    private static let known = Mutex<[UInt64: Bool]>([:])

    /// Whether the filesystem of the open folder `descriptor` is such an ext4; asked once per
    /// device in a process.
    static func holds(forFolder descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let device = UInt64(status.st_dev)
        if let answer = known.withLock({ $0[device] }) { return answer }
        let answer = holds(forDevice: device)
        known.withLock { $0[device] = answer }
        return answer
    }

    /// From `/proc/self/mountinfo` (the type) and `/proc/fs/ext4/NAME/options` (the journal's
    /// mode: absent without a journal); `false` whenever either cannot be read.
    static func holds(forDevice device: UInt64) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
              FilesystemType.type(ofDevice: device, mountInfo: table) == "ext4",
              let name = blockDeviceName(device),
              let options = try? String(contentsOfFile: "/proc/fs/ext4/\(name)/options", encoding: .utf8) else { return false }
        return allowsOneCommit(options: options)
    }

    /// Whether ext4's option list (one a line, as in `/proc/fs/ext4/NAME/options`) promises
    /// ordered data and a flushed commit.
    static func allowsOneCommit(options: String) -> Bool {
        let set = Set(options.split(whereSeparator: \.isNewline).map(String.init))
        return set.contains("data=ordered") && !set.contains("journal_async_commit")
            && !set.contains("nobarrier") && !set.contains("norecovery") && !set.contains("noload")
    }

    /// The kernel's name of a block device (`sda1`, `dm-0`, `loop3`): the target of
    /// `/sys/dev/block/MAJOR:MINOR`, which is also the name ext4 files it under.
    private static func blockDeviceName(_ device: UInt64) -> String? {
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/sys/dev/block/\(major):\(minor)"),
              let name = target.split(separator: "/").last else { return nil }
        return String(name)
    }
}

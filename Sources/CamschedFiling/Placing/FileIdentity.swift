import Glibc

/// A file's device and inode: tells the file that was opened from one put in its place
/// (or from no file at all, when it was deleted).
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` now, not following a final symbolic link; `nil` when
    /// there is none.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

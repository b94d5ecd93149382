import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Forces a file's written data to disk, so a power cut keeps what a crash would keep.
enum FileSync {
    /// `fsync` on a read-only descriptor of `path` (fsync flushes the file, whichever
    /// descriptor wrote it). Failures are ignored: durability is best effort.
    static func sync(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// `fsync` on the folder holding `path`, so a rename into it survives a power cut.
    static func syncDirectory(of path: String) {
        sync(path: (path as NSString).deletingLastPathComponent)
    }

    /// Renames `source` over `destination` atomically. The corresponding C call is `rename`.
    static func replace(_ destination: String, with source: String) throws {
        if rename(source, destination) != 0 {
            throw MediaError.invalidState("rename \(source) → \(destination) failed: \(String(cString: strerror(errno)))")
        }
    }
}

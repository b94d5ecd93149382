import Foundation
import Glibc

/// Replaces a small file atomically: `PATH.partial`, flushed, renamed over `PATH`, folder
/// flushed. For files that belong to an already filed file (sidecars), where replacing is
/// intended.
enum AtomicReplace {
    static func write(_ data: Data, to path: String) throws(FilingError) {
        let partial = path + ".partial"
        let folder = FilesystemSpace.parent(of: path)
        let fd = try SystemCall.run("open", path: partial) { open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        var closed = false
        defer { if !closed { close(fd) } }
        do throws(FilingError) {
            _ = try SystemCall.run("flock", path: partial) { flock(fd, LOCK_EX) }
            let result = data.withUnsafeBytes { buffer in
                Result { () throws(FilingError) in try writeAll(fd, buffer, path: partial, root: folder) }
            }
            try result.get()
            while fsync(fd) != 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                if SystemCall.isNoSpace(code) { throw FileFiler.diskFull(root: folder, path: partial, errno: code) }
                throw .systemCall(name: "fsync", path: partial, errno: code)
            }
            try SystemCall.run("rename", path: path) { rename(partial, path) }
            close(fd)
            closed = true
            try SystemCall.syncFolder(folder)
        } catch {
            try? SystemCall.removeIfPresent(partial)
            throw error
        }
    }

    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String, root: String) throws(FilingError) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, base + offset, buffer.count - offset)
            if written < 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                if SystemCall.isNoSpace(code) { throw FileFiler.diskFull(root: root, path: path, errno: code) }
                throw .systemCall(name: "write", path: path, errno: code)
            }
            offset += written
        }
    }
}

import Foundation
import Glibc

/// Free space and mount points of filesystems, read with `statvfs` and `stat`.
package enum FilesystemSpace {
    /// The bytes available to an unprivileged user on the filesystem holding `path`.
    /// The corresponding C call is `statvfs`.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)``.
    package static func freeBytes(at path: String) throws(FilingError) -> Int64 {
        var info = statvfs()
        try FilingCall.run("statvfs", path: path) { statvfs(path, &info) }
        let free = UInt64(info.f_bavail) &* UInt64(info.f_frsize)
        return Int64(clamping: free)
    }

    /// The mount point of the filesystem holding `path`: the highest ancestor on the same
    /// device. Falls back to `path` itself when it cannot be read.
    package static func mountPoint(of path: String) -> String {
        var current = absolute(path)
        var status = stat()
        // Walk up to an existing ancestor first (the path may be a file about to exist).
        while stat(current, &status) != 0 {
            guard current != "/" else { return path }
            current = parent(of: current)
        }
        let device = status.st_dev
        while current != "/" {
            let up = parent(of: current)
            var upStatus = stat()
            guard stat(up, &upStatus) == 0, upStatus.st_dev == device else { break }
            current = up
        }
        return current
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let cwd = FileManager.default.currentDirectoryPath
        return cwd == "/" ? "/" + path : cwd + "/" + path
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the local socket of a running trigger job lives: `camsched trigger NAME` connects to
/// it. The folder is private to the user — `$XDG_RUNTIME_DIR/camsched`, else
/// `/run/camsched-UID`, else `camsched-UID` in the temporary folder — created with mode 0700
/// and refused when it is a link, not a folder, owned by someone else, or open to others.
package enum TriggerSocketPath {
    /// The folders tried, in order.
    static func folders() -> [String] {
        var folders: [String] = []
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            folders.append(runtime + "/camsched")
        }
        folders.append("/run/camsched-\(geteuid())")
        folders.append(NSTemporaryDirectory() + "camsched-\(geteuid())")
        return folders
    }

    /// The socket's file name for a job: its name when the whole path fits in `sun_path`
    /// (108 bytes), else a shortened name with a hash of the full one.
    static func fileName(job: String, folder: String) -> String {
        let plain = job + ".trigger"
        guard (folder + "/" + plain).utf8.count >= 100 else { return plain }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, stable across runs
        for byte in job.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(job.prefix(24)) + "-" + String(hash, radix: 16) + ".trigger"
    }

    /// The socket path for `job` in the first usable folder (created if `create`); nil when
    /// no folder passes the checks.
    package static func socket(job: String, create: Bool) -> String? {
        for folder in folders() where check(folder, create: create) == nil {
            let path = folder + "/" + fileName(job: job, folder: folder)
            if create || access(path, F_OK) == 0 { return path }
        }
        return nil
    }

    /// Why `folder` cannot hold sockets, or nil when it can (created with mode 0700 if asked).
    static func check(_ folder: String, create: Bool) -> String? {
        if create, mkdir(folder, 0o700) != 0, errno != EEXIST { return "cannot create it: \(String(cString: strerror(errno)))" }
        var status = stat()
        guard lstat(folder, &status) == 0 else { return "it does not exist" }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "it is a symbolic link or not a folder" }
        guard status.st_uid == geteuid() else { return "it belongs to another user" }
        guard status.st_mode & 0o077 == 0 else { return "others may use it (mode \(String(status.st_mode & 0o777, radix: 8)))" }
        return nil
    }
}

import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The folder of camera lock files, opened safely.
///
/// `/run/lock` is writable by every local user, so anyone may create `/run/lock/camsched`
/// before camsched does, or put links in it. The folder is therefore created and opened
/// without following links (`mkdirat`, then `openat(O_DIRECTORY | O_NOFOLLOW)` and `fstat`),
/// with mode 0755, and refused — with a warning — when it is a link, not a folder, or owned
/// by a user other than root and the one camsched runs as. camsched then uses a private
/// folder: `$XDG_RUNTIME_DIR/camsched-locks`, `/run/camsched-UID` (for root), or a 0700
/// `camsched-locks-UID` in the temporary folder, under the same checks.
struct CameraLockDirectory {
    /// The open folder (`O_RDONLY | O_DIRECTORY`); lock files are opened relative to it.
    let descriptor: Int32
    /// Its path, for messages.
    let path: String

    static let logger = Logger(label: "camsched.lock")

    /// Opens the lock file `name` in the first folder that passes the checks and where the
    /// file can be opened: `$CAMSCHED_LOCK_DIR`, else `/run/lock/camsched`, else the private
    /// fallbacks. `nil` when none works (camsched then runs without a camera lock rather than
    /// never).
    /// - Returns: the lock file's descriptor and its path.
    static func openLockFile(
        named name: String, candidates: [(path: String, mode: mode_t)] = candidates()
    ) -> (descriptor: Int32, path: String)? {
        for (index, candidate) in candidates.enumerated() {
            let next = index + 1 < candidates.count ? "using \(candidates[index + 1].path) instead" : "running without a camera lock"
            switch open(candidate.path, mode: candidate.mode) {
            case .success(let folder):
                defer { folder.release() }
                if let fd = folder.openLockFile(name) { return (fd, folder.path + "/" + name) }
                logger.warning("cannot open the camera lock \(folder.path)/\(name): \(errnoText()); \(next)")
            case .failure(let refusal):
                logger.warning("camera lock folder \(candidate.path) refused: \(refusal.reason); \(next)")
            }
        }
        return nil
    }

    /// The folders to try, in order: the configured one (mode 0755), then the private
    /// fallbacks (mode 0700).
    static func candidates() -> [(path: String, mode: mode_t)] {
        let uid = geteuid()
        var candidates: [(path: String, mode: mode_t)] = [(CameraLock.directory(), 0o755)]
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            candidates.append((runtime + "/camsched-locks", 0o700))
        }
        if access("/run", W_OK) == 0 { candidates.append(("/run/camsched-\(uid)", 0o700)) }
        candidates.append((NSTemporaryDirectory() + "camsched-locks-\(uid)", 0o700))
        return candidates
    }

    struct Refusal: Error { var reason: String }

    /// Creates (mode `mode`) and opens one folder with the checks above.
    static func open(_ path: String, mode: mode_t) -> Result<CameraLockDirectory, Refusal> {
        // Split by hand: Foundation's path standardising resolves links, the very thing to check.
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let standardized = String(trimmed)
        let slash = standardized.lastIndex(of: "/")
        let name = String(slash.map { standardized[standardized.index(after: $0)...] } ?? trimmed)
        let parentPath = slash.map { String(standardized[..<$0]) } ?? "."
        guard !name.isEmpty, name != ".", name != ".." else { return .failure(Refusal(reason: "not a folder one can create")) }
        // The parent is the system's (or the user's choice): follow links up to it.
        let parent = Glibc.open(parentPath.isEmpty ? "/" : parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return .failure(Refusal(reason: "its parent cannot be opened: \(errnoText())")) }
        defer { Glibc.close(parent) }
        let created = mkdirat(parent, name, mode) == 0
        if !created, errno != EEXIST { return .failure(Refusal(reason: "it cannot be created: \(errnoText())")) }
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP || code == ENOTDIR { return .failure(Refusal(reason: "it is a symbolic link or not a folder")) }
            return .failure(Refusal(reason: "it cannot be opened: \(errnoText(code))"))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            Glibc.close(fd)
            return .failure(Refusal(reason: "it cannot be examined: \(errnoText())"))
        }
        guard status.st_uid == 0 || status.st_uid == geteuid() else {
            Glibc.close(fd)
            return .failure(Refusal(reason: "it belongs to uid \(status.st_uid), neither root nor uid \(geteuid()), who could put links in it or unlock cameras"))
        }
        // mkdir applies the umask; the folder's mode is part of the contract.
        if created { fchmod(fd, mode) }
        return .success(CameraLockDirectory(descriptor: fd, path: standardized))
    }

    /// Opens (creating it, mode 0644) the lock file `name` in the folder, never through a
    /// link: a link or anything else than a regular file of root or this user under that
    /// name is removed first (`unlinkat`), never written through. Read-only when the file
    /// exists but is not writable for this user (`flock` works on it all the same).
    func openLockFile(_ name: String) -> Int32? {
        for _ in 0..<3 {
            var fd = openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            if fd < 0, errno == EACCES { fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            if fd < 0 {
                guard errno == ELOOP else { return nil }
                Self.logger.warning("removed the symbolic link \(path)/\(name) planted in place of a lock file")
                unlinkat(descriptor, name, 0)
                continue
            }
            var status = stat()
            if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == 0 || status.st_uid == geteuid() {
                return fd
            }
            Glibc.close(fd)
            Self.logger.warning("removed \(path)/\(name): not a regular file of root or uid \(geteuid())")
            unlinkat(descriptor, name, 0)
        }
        return nil
    }

    func release() { _ = Glibc.close(descriptor) }

    private static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

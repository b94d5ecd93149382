import Glibc

/// An exclusive `flock` on a small lock file beside the catalog, held while opening and
/// migrating it. A separate file, because closing any descriptor of the database file would
/// drop SQLite's own POSIX locks in this process.
struct MigrationLock {
    let descriptor: Int32

    init(path: String) throws(FilingError) {
        descriptor = try FilingCall.run("open", path: path) { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        do {
            try FilingCall.run("flock", path: path) { flock(descriptor, LOCK_EX) }
        } catch {
            close(descriptor)
            throw error
        }
    }

    func release() {
        close(descriptor)
    }
}

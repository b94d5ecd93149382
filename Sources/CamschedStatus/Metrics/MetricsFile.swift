import Foundation
import Synchronization

/// `--metrics-file PATH`: the process's metrics in Prometheus' text format, for node_exporter's
/// textfile collector.
///
/// Every write is whole or not at all: the text goes to a hidden temporary file in the same
/// folder (its name does not end in `.prom`, so the collector never reads it), is flushed to
/// disk, made mode 0644 and renamed over the file; a reader sees the old or the new content.
public final class MetricsFile: Sendable {
    public let path: String
    let folder: String
    let temporaryPath: String
    /// How often a running process rewrites the file (and once more at its end).
    public static let period: Duration = .seconds(15)
    private let writing = Mutex<Void>(())

    /// Checks the path without writing: a folder that exists, a name that is not a folder.
    public init(path: String) throws(MetricsFileError) {
        guard !path.isEmpty else { throw MetricsFileError("--metrics-file must not be empty; name a file such as /var/lib/prometheus/node-exporter/camsched.prom") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        self.path = absolute.path
        folder = absolute.deletingLastPathComponent().path
        temporaryPath = (folder as NSString).appendingPathComponent(".\(absolute.lastPathComponent).tmp.\(getpid())")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.path, isDirectory: &isFolder), isFolder.boolValue {
            throw MetricsFileError("--metrics-file \(path) is a folder; name a file in it, e.g. \((self.path as NSString).appendingPathComponent("camsched.prom"))")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw MetricsFileError("--metrics-file \(path): the folder \(folder) does not exist; create it (mkdir -p \(folder)) or name a file in node_exporter's textfile folder (--collector.textfile.directory)")
        }
        guard isFolder.boolValue else { throw MetricsFileError("--metrics-file \(path): \(folder) is not a folder; name a file in a folder") }
    }

    /// Replaces the file's content with `text` (see the type's note); the file is untouched
    /// when this throws.
    public func write(_ text: [UInt8]) throws(MetricsFileError) {
        try writing.withLock { _ throws(MetricsFileError) in try writeLocked(text) }
    }

    private func writeLocked(_ text: [UInt8]) throws(MetricsFileError) {
        unlink(temporaryPath)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create a file in \(folder)") }
        var ok = fchmod(descriptor, 0o644) == 0
        var offset = 0
        while ok, offset < text.count {
            let written = text[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            ok = written > 0
            offset += max(0, written)
        }
        ok = ok && fsync(descriptor) == 0
        let saved = errno
        ok = close(descriptor) == 0 && ok
        guard ok, rename(temporaryPath, path) == 0 else {
            errno = ok ? errno : saved
            let error = failure("cannot write \(path)")
            unlink(temporaryPath)
            throw error
        }
        // The rename itself is on disk once the folder is.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private func failure(_ what: String) -> MetricsFileError {
        let reason = String(cString: strerror(errno))
        return MetricsFileError("--metrics-file \(path): \(what) (\(reason)); let this user write in \(folder) (chown or chmod) or name a file in another folder")
    }
}

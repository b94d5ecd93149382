import CamschedFiling
import Foundation
import Synchronization
import SystemPackage

/// `--metrics-file PATH`: the process's metrics in Prometheus' text format, for node_exporter's
/// textfile collector.
///
/// Every write is whole or not at all: the text goes to a hidden temporary file in the same
/// folder (its name does not end in `.prom`, so the collector never reads it), is flushed to
/// disk, made mode 0644 and renamed over the file; a reader sees the old or the new content.
///
/// Only a regular file is ever replaced, and the path is never followed: what is there is looked
/// at with `fstatat(AT_SYMLINK_NOFOLLOW)` before anything is written and again just before the
/// rename, which happens only when the name holds a regular file or nothing (then with
/// `RENAME_NOREPLACE`, so a node that appears meanwhile is not replaced). A symbolic link, a FIFO,
/// a device node, a socket or a folder is refused at the start and left alone during a run,
/// even when it was swapped in after the start. See ``place(in:)`` for the window that remains.
package final class MetricsFile: Sendable {
    package let path: String
    let folder: String
    /// The file's name in `folder`, and the temporary file's.
    let name: String
    let temporaryName: String
    /// How often a running process rewrites the file (and once more at its end).
    package static let period: Duration = .seconds(15)
    private let writing = Mutex<Void>(())

    /// Checks the path without writing: a folder that exists, and at the name a regular file or nothing.
    /// - Throws: ``MetricsFileError`` naming what is wrong and what to do.
    package init(path: String) throws(MetricsFileError) {
        guard !path.isEmpty else { throw .empty }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        self.path = absolute.path
        folder = absolute.deletingLastPathComponent().path
        name = absolute.lastPathComponent
        temporaryName = ".\(name).tmp.\(getpid())"
        let folderDescriptor = try openFolder(givenPath: path)
        try target(in: folderDescriptor).requireReplaceable(path: self.path)
    }

    /// Replaces the file's content with `text` (see the type's note); the file, or whatever is
    /// at its path, is untouched when this throws.
    package func write(_ text: [UInt8]) throws(MetricsFileError) {
        try writing.withLock { _ throws(MetricsFileError) in try writeLocked(text) }
    }

    private func writeLocked(_ text: [UInt8]) throws(MetricsFileError) {
        let folderDescriptor = try openFolder(givenPath: path)
        // Refused before anything is written: nothing to clean up.
        try target(in: folderDescriptor).requireReplaceable(path: path)
        do {
            try writeTemporary(text, in: folderDescriptor)
            try place(in: folderDescriptor)
        } catch {
            try? folderDescriptor.remove(temporaryName)
            throw error
        }
        // The rename itself is on disk once the folder is.
        try? folderDescriptor.sync()
    }

    /// Creates the temporary file afresh (`O_EXCL | O_NOFOLLOW`: never an existing file or a
    /// link), writes `text`, makes it mode 0644 and flushes it.
    private func writeTemporary(_ text: [UInt8], in folderDescriptor: FolderDescriptor) throws(MetricsFileError) {
        // One left by a write that failed half-way; a link under that name is removed, not followed.
        try? folderDescriptor.remove(temporaryName)
        let raw = openat(folderDescriptor.descriptor, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard raw >= 0 else { throw failure("create", Errno(rawValue: errno)) }
        let file = FileDescriptor(rawValue: raw)
        var failed: MetricsFileError?
        if fchmod(raw, 0o644) != 0 { failed = failure("fchmod", Errno(rawValue: errno)) }
        do {
            if failed == nil { try file.writeAll(text) }
        } catch {
            failed = failure("write", error as? Errno ?? .ioError)
        }
        if failed == nil, fsync(raw) != 0 { failed = failure("fsync", Errno(rawValue: errno)) }
        do { try file.close() } catch { failed = failed ?? failure("close", error as? Errno ?? .ioError) }
        if let failed { throw failed }
    }

    /// Moves the temporary file onto the name when it holds a regular file or nothing, looked at
    /// again right before the move.
    ///
    /// What is guaranteed: the path is never opened or followed, so nothing is written through
    /// a link or into a FIFO or device. A node created where there was nothing is never replaced
    /// (`RENAME_NOREPLACE`, or `linkat` where the filesystem lacks it). What remains: a regular
    /// file swapped for another node between the last look and `renameat` (microseconds) loses
    /// that node's name to the new file — the node itself is not written, and whoever can swap
    /// names in the folder could remove it as well.
    private func place(in folderDescriptor: FolderDescriptor) throws(MetricsFileError) {
        var current = try target(in: folderDescriptor)
        try current.requireReplaceable(path: path)
        if current == .absent {
            do {
                if try folderDescriptor.moveWithoutReplacing(temporaryName, to: name) { return }
            } catch {
                throw failure("rename", error)
            }
            // Something took the name meanwhile: replaced only if it is a regular file.
            current = try target(in: folderDescriptor)
            try current.requireReplaceable(path: path)
        }
        do { try folderDescriptor.rename(temporaryName, to: name) } catch { throw failure("rename", error) }
    }

    /// What is at the name now.
    func target(in folderDescriptor: FolderDescriptor) throws(MetricsFileError) -> MetricsFileTarget {
        do { return try MetricsFileTarget.inspect(name, in: folderDescriptor) } catch { throw failure("fstatat", error) }
    }

    /// The folder, opened by its path (which may well pass through links: the folder is the
    /// user's choice); `givenPath` is the path as the user wrote it, for the messages.
    func openFolder(givenPath: String) throws(MetricsFileError) -> FolderDescriptor {
        do {
            return try FolderDescriptor.open(path: folder)
        } catch {
            switch error.errno {
            case .some(ENOENT): throw .folderMissing(path: givenPath, folder: folder)
            case .some(ENOTDIR): throw .folderNotAFolder(path: givenPath, folder: folder)
            default: throw failure("open", error)
            }
        }
    }

    private func failure(_ call: String, _ errno: Errno) -> MetricsFileError {
        .cannotWrite(path: path, folder: folder, call: call, errno: errno)
    }

    private func failure(_ call: String, _ error: FilingError) -> MetricsFileError {
        failure(call, Errno(rawValue: error.errno ?? EIO))
    }
}

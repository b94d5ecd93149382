import Foundation
import Glibc

/// Files complete files atomically under an output root.
///
/// A file is written as `NAME.EXT.partial` beside its final name, flushed (`fsync`), then
/// moved to `NAME.EXT` without ever replacing an existing file: if the name is taken the
/// file becomes `NAME-1.EXT`, `NAME-2.EXT`, …. The move uses `renameat2(RENAME_NOREPLACE)`
/// (or `link` + `unlink` where the filesystem lacks it), so two writers racing for a name
/// never overwrite each other. The folder is flushed afterwards so that the rename survives
/// a power loss.
public struct FileFiler: Sendable {
    /// The output root, absolute.
    public let root: URL
    let writeCall: FileSink.WriteCall

    /// Creates a filer for an output root. The root is created when the first file is filed.
    public init(root: URL) {
        self.init(root: root, writeCall: { fd, buffer, count in Glibc.write(fd, buffer, count) })
    }

    /// For tests: `writeCall` replaces `write(2)` for the bytes of ``file(relativePath:extension:write:)``.
    init(root: URL, writeCall: @escaping FileSink.WriteCall) {
        self.root = root.standardizedFileURL
        self.writeCall = writeCall
    }

    // MARK: Writing a file in one go

    /// Writes and files one complete file.
    ///
    /// - Parameters:
    ///   - relativePath: the path under the root without extension, as
    ///     `PathTemplate.render` (CamschedJobs) returns it.
    ///   - extension: the extension without dot (`jpg`, `mp4`).
    ///   - write: writes the content through the ``FileSink``. If it throws, the partial file
    ///     is removed and the error is passed on (a ``FilingError`` as is, anything else as
    ///     ``FilingError/writerFailed(path:message:)``).
    /// - Returns: where the file was filed (possibly `NAME-N.EXT`), its size and SHA-256.
    /// - Throws: ``FilingError``; ``FilingError/diskFull(filesystem:freeBytes:path:errno:)``
    ///   when the filesystem fills up. The partial file is gone then, and no existing file
    ///   was touched.
    public func file(
        relativePath: String, extension fileExtension: String, write: (FileSink) throws -> Void
    ) throws(FilingError) -> FiledLocation {
        let (fd, partialPath) = try createPartial(relativePath: relativePath, extension: fileExtension)
        defer { close(fd) }
        do {
            let sink = try FileSink(descriptor: fd, partialPath: partialPath, root: root.path, writeCall: writeCall)
            do {
                try write(sink)
            } catch let error as FilingError {
                throw error
            } catch {
                throw FilingError.writerFailed(path: partialPath, message: String(describing: error))
            }
            try flush(fd, path: partialPath)
            let digest = sink.hasher.finalize()
            return try moveToFinalName(
                partialPath: partialPath, relativePath: relativePath, extension: fileExtension,
                bytes: sink.bytesWritten, sha256: digest.hex)
        } catch let error as FilingError {
            try? SystemCall.removeIfPresent(partialPath)
            throw error
        } catch {
            try? SystemCall.removeIfPresent(partialPath)
            throw .writerFailed(path: partialPath, message: String(describing: error))
        }
    }

    // MARK: Files written by someone else

    /// Creates `NAME.EXT.partial` for another writer (a recorder) and locks it until
    /// ``commit(_:)`` or ``abandon(_:)``.
    /// - Throws: ``FilingError`` when the folders or the file cannot be created.
    public func reservePartial(relativePath: String, extension fileExtension: String) throws(FilingError) -> PartialFile {
        let (fd, partialPath) = try createPartial(relativePath: relativePath, extension: fileExtension)
        return PartialFile(
            url: URL(fileURLWithPath: partialPath), relativePath: relativePath,
            fileExtension: fileExtension, descriptor: fd)
    }

    /// Flushes a reserved partial file written by someone else and files it under its final
    /// name (no overwrite: `NAME-N.EXT` if taken). Its size and SHA-256 are read from disk.
    /// - Throws: ``FilingError``; on `ENOSPC` the partial is removed.
    public func commit(_ partial: PartialFile) throws(FilingError) -> FiledLocation {
        let path = partial.url.path
        guard let fd = partial.take() else { throw .partialAlreadyClosed(path: path) }
        defer { close(fd) }
        do throws(FilingError) {
            // The writer may have replaced the partial by renaming a finished file over it (a
            // recorder's final remux): hash and flush what is at the path now, not the
            // descriptor taken when it was reserved.
            let current = open(path, O_RDONLY | O_CLOEXEC)
            guard current >= 0 else { throw .systemCall(name: "open", path: path, errno: errno) }
            defer { close(current) }
            try flush(current, path: path)
            let (digest, bytes) = try SHA256Digest.ofDescriptor(current, path: path)
            return try moveToFinalName(
                partialPath: path, relativePath: partial.relativePath, extension: partial.fileExtension,
                bytes: bytes, sha256: digest.hex)
        } catch {
            if case .diskFull = error { try? SystemCall.removeIfPresent(path) }
            throw error
        }
    }

    /// Removes a reserved partial file and releases it. Nothing is filed.
    public func abandon(_ partial: PartialFile) {
        let fd = partial.take()
        try? SystemCall.removeIfPresent(partial.url.path)
        if let fd { close(fd) }
    }

    // MARK: Steps

    /// Checks a relative path and returns its components.
    static func components(of relativePath: String) throws(FilingError) -> [Substring] {
        guard !relativePath.hasPrefix("/") else { throw .invalidRelativePath(relativePath) }
        let components = relativePath.split(separator: "/")
        guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." }) else {
            throw .invalidRelativePath(relativePath)
        }
        return components
    }

    static func checkExtension(_ fileExtension: String) throws(FilingError) {
        guard !fileExtension.isEmpty, !fileExtension.contains("/"), !fileExtension.hasPrefix("."),
              fileExtension != "partial", fileExtension != "json" else {
            throw .invalidRelativePath("*." + fileExtension)
        }
    }

    /// Creates the folders and an exclusive, locked `NAME.EXT.partial` (or `NAME-N.EXT.partial`
    /// if another writer holds that one).
    private func createPartial(relativePath: String, extension fileExtension: String) throws(FilingError) -> (Int32, String) {
        let components = try Self.components(of: relativePath)
        try Self.checkExtension(fileExtension)
        let base = root.path + "/" + components.joined(separator: "/")
        let folder = FilesystemSpace.parent(of: base)
        try SystemCall.makeFolders(folder)
        var attempt = 0
        var folderRetries = 0
        while attempt < 10_000 {
            let name = (attempt == 0 ? base : "\(base)-\(attempt)") + "." + fileExtension + ".partial"
            let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EEXIST { attempt += 1; continue }
                // Retention in another process may remove a folder it emptied just now.
                if code == ENOENT, folderRetries < 3 {
                    folderRetries += 1
                    try SystemCall.makeFolders(folder)
                    continue
                }
                if SystemCall.isNoSpace(code) { throw Self.diskFull(root: root.path, path: name, errno: code) }
                throw .systemCall(name: "open", path: name, errno: code)
            }
            _ = try? SystemCall.run("flock", path: name) { flock(fd, LOCK_EX) }
            // Recovery in another process may have taken the file between open and flock
            // (and renamed or removed it); then the name no longer refers to our file.
            var mine = stat()
            var named = stat()
            if fstat(fd, &mine) == 0, mine.st_nlink > 0, stat(name, &named) == 0, named.st_ino == mine.st_ino {
                return (fd, name)
            }
            close(fd)
            attempt += 1
        }
        throw .noFreeName(path: base + "." + fileExtension + ".partial")
    }

    private func flush(_ fd: Int32, path: String) throws(FilingError) {
        while fsync(fd) != 0 {
            let code = Glibc.errno
            if code == EINTR { continue }
            if SystemCall.isNoSpace(code) { throw Self.diskFull(root: root.path, path: path, errno: code) }
            throw .systemCall(name: "fsync", path: path, errno: code)
        }
    }

    /// Moves the partial to the first free name of `NAME.EXT`, `NAME-1.EXT`, …; a name counts
    /// as taken when the file or its sidecar exists.
    func moveToFinalName(
        partialPath: String, relativePath: String, extension fileExtension: String, bytes: Int64, sha256: String
    ) throws(FilingError) -> FiledLocation {
        let relativeBase = try Self.components(of: relativePath).joined(separator: "/")
        for attempt in 0..<10_000 {
            let relative = (attempt == 0 ? relativeBase : "\(relativeBase)-\(attempt)") + "." + fileExtension
            let final = root.path + "/" + relative
            if try SystemCall.status(final + ".json") != nil { continue }
            if try SystemCall.moveWithoutReplacing(partialPath, to: final) {
                try SystemCall.syncFolder(FilesystemSpace.parent(of: final))
                return FiledLocation(url: URL(fileURLWithPath: final), relativePath: relative, bytes: bytes, sha256: sha256)
            }
        }
        throw .noFreeName(path: root.path + "/" + relativeBase + "." + fileExtension)
    }

    static func diskFull(root: String, path: String, errno code: Int32) -> FilingError {
        let free = (try? FilesystemSpace.freeBytes(at: root)) ?? 0
        return .diskFull(filesystem: FilesystemSpace.mountPoint(of: root), freeBytes: free, path: path, errno: code)
    }
}

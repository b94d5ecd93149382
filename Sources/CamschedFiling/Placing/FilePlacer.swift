import Foundation
import Glibc

/// Where a file goes under the output root and how it takes its name there: the folders and an
/// exclusive, marked `NAME.EXT.partial` for it, then its final name — the first free one of
/// `NAME.EXT`, `NAME-1.EXT`, … (a name counts as taken when anything or its sidecar is there),
/// moved to without replacing anything, with the folder flushed. What the file holds, and who
/// writes it, is the ``FileFiler``'s concern.
struct FilePlacer: Sendable {
    /// The output root, absolute.
    let root: URL
    let outputRoot: OutputRoot
    /// What the partial files' marker holds: the run id, or the process id.
    let run: String
    /// A name (relative path without extension) no file gets: where a `latest` link lives.
    var avoidedName: String?

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

    /// Creates the folders and an exclusive, marked, locked `NAME.EXT.partial` (or
    /// `NAME-N.EXT.partial` when that name is taken — by another writer, a file recovery left
    /// alone or a planted link: whatever is there is never opened).
    func createPartial(relativePath: String, extension fileExtension: String) throws(FilingError) -> CreatedPartial {
        let components = try Self.components(of: relativePath)
        try Self.checkExtension(fileExtension)
        let folderComponents = Array(components.dropLast())
        let base = components.last ?? ""
        var folder = try outputRoot.folder(folderComponents, create: true)
        var attempt = 0
        var folderRetries = 0
        if isAvoided(folderComponents, base) { attempt = 1 }
        while attempt < 10_000 {
            let finalName = (attempt == 0 ? "\(base)" : "\(base)-\(attempt)") + "." + fileExtension
            let created: (Int32, String)?
            do {
                created = try folder.createMarkedPartial(for: finalName, run: run, root: outputRoot)
            } catch .systemCall(_, _, ENOENT) where folderRetries < 3 {
                // Retention in another process may remove a folder it emptied just now.
                folderRetries += 1
                folder = try outputRoot.folder(folderComponents, create: true)
                continue
            } catch .diskFull(_, _, let path, let code) {
                throw FileFiler.diskFull(root: root.path, path: path, errno: code)
            }
            guard let (fd, name) = created else {
                attempt += 1
                continue
            }
            let path = folder.path + "/" + name
            _ = try? FilingCall.run("flock", path: path) { flock(fd, LOCK_EX) }
            // Recovery in another process may have taken the file between open and flock
            // (and renamed or removed it); then the name no longer refers to our file.
            var mine = stat()
            if fstat(fd, &mine) == 0, mine.st_nlink > 0, let named = try? folder.status(name), named.st_ino == mine.st_ino {
                return CreatedPartial(descriptor: fd, folder: folder, folderComponents: folderComponents, name: name, path: path)
            }
            close(fd)
            attempt += 1
        }
        throw .noFreeName(path: root.path + "/" + relativePath + "." + fileExtension + ".partial")
    }

    func flush(_ fd: Int32, path: String) throws(FilingError) {
        try FilingCall.sync(fd, path: path, root: root.path)
    }

    /// Moves `partialName` in `folder` to the first free name of `BASE.EXT`, `BASE-1.EXT`, …
    /// in the same folder; a name counts as taken when anything (a file, a link) or its
    /// sidecar is there. The folder is flushed after the move unless `syncingFolder` is false
    /// (then the caller flushes it before the file is announced).
    func moveToFinalName(
        in folder: FolderDescriptor, partialName: String, folderComponents: [Substring], base: Substring,
        extension fileExtension: String, bytes: Int64, sha256: String, syncingFolder: Bool = true
    ) throws(FilingError) -> FiledLocation {
        let prefix = folderComponents.isEmpty ? "" : folderComponents.joined(separator: "/") + "/"
        for attempt in (isAvoided(folderComponents, base) ? 1 : 0)..<10_000 {
            let name = (attempt == 0 ? "\(base)" : "\(base)-\(attempt)") + "." + fileExtension
            if try folder.status(name + ".json") != nil { continue }
            if try folder.moveWithoutReplacing(partialName, to: name) {
                if syncingFolder { try folder.sync() }
                let relative = prefix + name
                return FiledLocation(
                    url: URL(fileURLWithPath: root.path + "/" + relative), relativePath: relative, bytes: bytes, sha256: sha256)
            }
        }
        throw .noFreeName(path: root.path + "/" + prefix + base + "." + fileExtension)
    }

    /// Whether `FOLDER/BASE` is the name this placer never gives (``FileFiler/avoiding(name:)``).
    func isAvoided(_ folderComponents: [Substring], _ base: Substring) -> Bool {
        guard let avoidedName else { return false }
        return (folderComponents + [base]).joined(separator: "/") == avoidedName
    }

    /// Writes the partial again when someone removed it while it was written (a cleaner
    /// deleting `*.partial`): its bytes are still there through the descriptor the filer
    /// holds (a removed file cannot be linked back), so they are copied to a new partial
    /// under the same name, marked as camsched's.
    func restore(_ partial: PartialFile, from fd: Int32) throws(FilingError) {
        var mine = stat()
        guard try partial.folder.status(partial.name) == nil, fstat(fd, &mine) == 0, mine.st_nlink == 0 else { return }
        let copy: Int32
        switch partial.folder.openFile(partial.name, flags: O_RDWR | O_CREAT | O_EXCL) {
        case .success(let opened): copy = opened
        case .failure(let error): throw .systemCall(name: "openat", path: partial.path, errno: error.rawValue)
        }
        defer { close(copy) }
        _ = PartialMarker.mark(copy, run: run)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = try FilingCall.run("pread", path: partial.path) {
                buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            }
            if count == 0 { break }
            let written = buffer.withUnsafeBytes { bytes in
                Result { () throws(FilingError) in
                    try FilingCall.writeAll(copy, UnsafeRawBufferPointer(rebasing: bytes[..<count]), path: partial.path, root: root.path)
                }
            }
            try written.get()
            offset += off_t(count)
        }
    }
}

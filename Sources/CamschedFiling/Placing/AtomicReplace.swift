import Foundation
import Glibc

/// Replaces a small file atomically: `PATH.partial` (new, `O_EXCL | O_NOFOLLOW`, marked as
/// camsched's), flushed, renamed over `PATH`, folder flushed. For files that belong to an
/// already filed file (sidecars), where replacing is intended. A link under `PATH` is
/// replaced, never written through.
package enum AtomicReplace {
    /// Writes `data` to `path` through `PATH.partial` and a rename (sidecars, `camsched report`).
    /// - Parameters:
    ///   - data: the new content.
    ///   - path: the file to replace; below an output root in use, its folder is reached
    ///     through the open root without following links.
    /// - Throws: ``FilingError`` (a missing folder, no permission, a full disk).
    package static func write(_ data: Data, to path: String) throws(FilingError) {
        let (folder, root) = try folder(holding: path)
        let name = (path as NSString).lastPathComponent
        let (fd, temporary) = try createTemporary(for: name, in: folder, root: root)
        let partialPath = folder.path + "/" + temporary
        var closed = false
        defer { if !closed { close(fd) } }
        do throws(FilingError) {
            _ = try FilingCall.run("flock", path: partialPath) { flock(fd, LOCK_EX) }
            let result = data.withUnsafeBytes { buffer in
                Result { () throws(FilingError) in try FilingCall.writeAll(fd, buffer, path: partialPath, root: folder.path) }
            }
            try result.get()
            try FilingCall.sync(fd, path: partialPath, root: folder.path)
            try folder.rename(temporary, to: name)
            close(fd)
            closed = true
            try folder.sync()
        } catch {
            try? folder.remove(temporary)
            throw error
        }
    }

    /// The folder holding `path`: through the open output root when `path` lies below one
    /// (no link followed below the root), else opened by its path.
    static func folder(holding path: String) throws(FilingError) -> (FolderDescriptor, OutputRoot?) {
        let parent = FilesystemSpace.parent(of: path)
        if let (root, components) = OutputRoot.enclosing(parent) {
            return (try root.folder(components, create: false), root)
        }
        return (try FolderDescriptor.open(path: parent), nil)
    }

    /// `NAME.partial`; a stale one of camsched's is removed first. When that name is held by
    /// something that is not ours (a planted link, another user's file) or in use,
    /// `NAME.PID.partial` is used instead — the thing in the way is never opened for writing.
    private static func createTemporary(for name: String, in folder: FolderDescriptor, root: OutputRoot?) throws(FilingError) -> (Int32, String) {
        let run = PartialMarker.processValue
        var refusal = ""
        for candidate in [name, "\(name).\(getpid())"] {
            for _ in 0..<2 {
                if let created = try folder.createMarkedPartial(for: candidate, run: run, root: root) { return created }
                let taken = (root?.attributesUnsupported.load(ordering: .relaxed) == true ? PartialMarker.namePrefix : "")
                    + candidate + ".partial"
                guard let reason = folder.removeStalePartial(taken, owner: root?.ownerOfNewFiles ?? geteuid()) else { continue }
                refusal = reason
                break
            }
        }
        throw .notOurs(path: folder.path + "/" + name + ".partial", reason: refusal)
    }
}

import Foundation
import Glibc
import Synchronization

/// Room for a file's sidecar, taken when the file is opened, so that a file cut short by a
/// full disk can still be described: a recorder fills the disk, and what it wrote is only
/// worth keeping with its sidecar.
///
/// The slot is the sidecar's partial file, `NAME.EXT.json.partial` beside `NAME.EXT.partial`
/// (marked and locked as every partial file of camsched's), with ``reservedBytes`` allocated
/// past its end (`fallocate(FALLOC_FL_KEEP_SIZE)`: the slot's size stays 0, so nothing reads
/// it as written data). ``fill(with:as:)`` writes the sidecar into that room, trims it and
/// renames it to its final name: neither needs a free block. A slot never filled is removed
/// (``release()``), or — after a kill — by the next start's recovery, as any unfinished sidecar.
/// On a copy-on-write filesystem (btrfs, ZFS) an overwrite takes new blocks, so there the
/// slot only keeps the name and the inode.
///
/// A file filed in one go (a still) leaves the flush of its folder after its rename to the
/// slot (``owesFolderSync()``): the sidecar is flushed first, then the folder — which makes the
/// still's name durable before the sidecar takes its own, and on ext4 costs no journal commit
/// of its own, since the sidecar's flush committed the rename already.
package final class SidecarSlot: Sendable {
    /// The room taken: sidecars are about 1 KiB; long pressure and interruption lists fit too.
    package static let reservedBytes = 64 * 1024

    let folder: FolderDescriptor
    /// The slot's name in `folder`.
    let name: String
    /// The room allocated past the slot's end.
    let reserved: Int
    private let descriptor: Mutex<Int32?>
    /// Whether the folder must be flushed before the sidecar takes its name (or when the slot
    /// is released): the described file was renamed into it without a flush of its own.
    private let folderSyncOwed = Atomic<Bool>(false)

    private init(folder: FolderDescriptor, name: String, reserved: Int, descriptor: Int32) {
        self.folder = folder
        self.name = name
        self.reserved = reserved
        self.descriptor = Mutex(descriptor)
    }

    /// Takes a slot for the sidecar of `finalName` in `folder`; `nil` when it cannot be
    /// had (the name is taken, the disk is full already): the sidecar is then written the
    /// usual way, if there is room.
    static func reserve(in folder: FolderDescriptor, for finalName: String, run: String, root: OutputRoot?) -> SidecarSlot? {
        // Never throws without `required`.
        try? reserve(in: folder, for: finalName, run: run, root: root, required: false, bytes: reservedBytes)
    }

    /// The same; with `required`, no room for the slot is a full disk: for a file not worth
    /// writing when it cannot be described (a still, whose bytes are all in memory and could be
    /// refused before any is written).
    /// - Throws: ``FilingError/diskFull(filesystem:freeBytes:path:errno:)`` when `required`
    ///   and the filesystem has no room for the slot.
    static func reserve(
        in folder: FolderDescriptor, for finalName: String, run: String, root: OutputRoot?, required: Bool, bytes: Int
    ) throws(FilingError) -> SidecarSlot? {
        let created: (Int32, String)?
        do {
            created = try folder.createMarkedPartial(for: finalName + ".json", run: run, root: root)
        } catch {
            if required, case .diskFull = error { throw error }
            return nil
        }
        guard let (fd, name) = created else { return nil }
        _ = flock(fd, LOCK_EX)
        let failed = allocate.map { $0(fd, keepSize, 0, off_t(bytes)) != 0 } ?? false
        let code = Glibc.errno
        // EOPNOTSUPP/EINVAL: the filesystem cannot allocate ahead; the slot still holds the name.
        if failed && FilingCall.isNoSpace(code) {
            try? folder.remove(name)
            close(fd)
            if required { throw FileFiler.diskFull(root: folder.path, path: folder.path + "/" + name, errno: code) }
            return nil
        }
        return SidecarSlot(folder: folder, name: name, reserved: bytes, descriptor: fd)
    }

    /// Writes `data` into the slot, trims it to its length, flushes it and renames it to
    /// `finalName` (a sidecar there is replaced), the folder flushed before the rename when the
    /// described file's rename waits for it and after. The slot is used up, whatever the outcome.
    /// - Returns: `false` when the slot is no longer there (someone removed it): nothing was
    ///   written, and the sidecar is to be written the usual way.
    /// - Throws: ``FilingError``; the slot is removed then.
    /// Whether the slot is still under its name (a cleaner may have removed `*.partial` files).
    var isInPlace: Bool {
        guard let fd = descriptor.withLock({ $0 }) else { return false }
        var mine = stat()
        guard let named = try? folder.status(name), fstat(fd, &mine) == 0 else { return false }
        return named.st_ino == mine.st_ino
    }

    func fill(with data: Data, as finalName: String) throws(FilingError) -> Bool {
        guard let fd = take() else { throw .partialAlreadyClosed(path: folder.path + "/" + name) }
        defer { close(fd) }
        let path = folder.path + "/" + name
        var mine = stat()
        guard let named = try folder.status(name), fstat(fd, &mine) == 0, named.st_ino == mine.st_ino else {
            try syncOwedFolder()
            return false
        }
        do throws(FilingError) {
            let written = data.withUnsafeBytes { buffer in
                Result { () throws(FilingError) in
                    // From offset 0: the bytes go into the room allocated at the start of the file.
                    try FilingCall.writeAll(fd, buffer, path: path, root: folder.path, at: 0)
                }
            }
            try written.get()
            let block = max(Int(mine.st_blksize), 512)
            if reserved > (data.count + block - 1) / block * block {
                // Grown by one byte and cut back: shrinking a file frees what was allocated past
                // its end, so the rest of the room goes back to the filesystem.
                try FilingCall.run("ftruncate", path: path) { ftruncate(fd, off_t(data.count + 1)) }
                try FilingCall.run("ftruncate", path: path) { ftruncate(fd, off_t(data.count)) }
            }
            try FilingCall.sync(fd, path: path, root: folder.path)
            try syncOwedFolder()
            try folder.rename(name, to: finalName)
            try folder.sync()
            return true
        } catch {
            try? folder.remove(name)
            try? syncOwedFolder()
            throw error
        }
    }

    /// Writes `data` into the slot (from its start, trimmed to its length) and writes it back
    /// (``FilingCall/writeBack(_:)``), without renaming it: for a sidecar written before its
    /// file takes its name; ``flush()`` (unless the folder's flush commits it, see
    /// ``OrderedJournal``) and ``publish(as:)`` follow. May be called again (the file's name
    /// changed): the content is replaced.
    /// - Returns: whether the bytes were written back (else only ``flush()`` makes them durable).
    /// - Throws: ``FilingError``; the slot stays, for ``release()``.
    @discardableResult
    func prepare(_ data: Data) throws(FilingError) -> Bool {
        let path = folder.path + "/" + name
        guard let fd = descriptor.withLock({ $0 }) else { throw .partialAlreadyClosed(path: path) }
        let written = data.withUnsafeBytes { buffer in
            Result { () throws(FilingError) in try FilingCall.writeAll(fd, buffer, path: path, root: folder.path, at: 0) }
        }
        try written.get()
        // Grown by one byte and cut back, as in ``fill(with:as:)``.
        try FilingCall.run("ftruncate", path: path) { ftruncate(fd, off_t(data.count + 1)) }
        try FilingCall.run("ftruncate", path: path) { ftruncate(fd, off_t(data.count)) }
        return FilingCall.writeBack(fd)
    }

    /// Flushes the prepared slot (`fsync`).
    func flush() throws(FilingError) {
        let path = folder.path + "/" + name
        guard let fd = descriptor.withLock({ $0 }) else { throw .partialAlreadyClosed(path: path) }
        try FilingCall.sync(fd, path: path, root: folder.path)
    }

    /// Renames the prepared slot to `finalName` (a sidecar there is replaced) without flushing
    /// the folder: the caller flushes it once for the file and its sidecar. The slot is used up.
    func publish(as finalName: String) throws(FilingError) {
        guard let fd = take() else { throw .partialAlreadyClosed(path: folder.path + "/" + name) }
        close(fd)
        try folder.rename(name, to: finalName)
    }

    /// Leaves the flush of the folder, after the described file's rename into it, to this slot.
    func owesFolderSync() { folderSyncOwed.store(true, ordering: .sequentiallyConsistent) }

    private func syncOwedFolder() throws(FilingError) {
        if folderSyncOwed.exchange(false, ordering: .sequentiallyConsistent) { try folder.sync() }
    }

    /// Removes an unused slot.
    package func release() {
        try? syncOwedFolder()
        guard let fd = take() else { return }
        try? folder.remove(name)
        close(fd)
    }

    /// `fallocate`, looked up at run time: Glibc's Swift module does not export it (it is
    /// behind `_GNU_SOURCE`). `nil` when libc lacks it.
    private static let allocate: (@convention(c) (Int32, Int32, off_t, off_t) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fallocate")
            .map { unsafeBitCast($0, to: (@convention(c) (Int32, Int32, off_t, off_t) -> Int32).self) }
    /// `FALLOC_FL_KEEP_SIZE` from `<linux/falloc.h>`.
    private static let keepSize: Int32 = 1

    private func take() -> Int32? {
        descriptor.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }

    deinit {
        // Forgotten: the lock goes with the descriptor; the next start removes the slot.
        if let fd = take() { close(fd) }
    }
}

import Foundation
import Synchronization

/// A partial file reserved for someone else to write (a recorder writing through FFmpeg),
/// returned by ``FileFiler/reservePartial(relativePath:extension:)``.
///
/// The filer created it (`O_CREAT | O_EXCL | O_NOFOLLOW`, so it is a new regular file of
/// camsched's, never a link someone planted) and holds an exclusive `flock` on it until
/// ``FileFiler/commit(_:)`` or ``FileFiler/abandon(_:)``, so that recovery in another
/// camsched on the same root leaves it alone. It also holds its folder open: ``url`` names
/// the file through that descriptor (`/proc/self/fd/N/NAME.EXT.partial`), so a writer that
/// only takes paths cannot be sent elsewhere by a folder swapped for a link meanwhile.
package final class PartialFile: Sendable {
    /// Where to write: `NAME.EXT.partial` beside the final name, reached through the open
    /// folder (`/proc/self/fd/N/…`; the plain path where `/proc` is not mounted). Files beside
    /// it (`url` + `.remux`) may be written and renamed over it through the same folder.
    package let url: URL
    /// The plain absolute path of the partial file, for messages.
    package let path: String
    /// The desired path relative to the root, without extension.
    package let relativePath: String
    /// The final extension, without dot.
    package let fileExtension: String
    let folder: FolderDescriptor
    /// The partial file's name in `folder`.
    let name: String
    let descriptor: Mutex<Int32?>
    /// Room for the sidecar, taken with the file (``FileFiler/reservePartial(relativePath:extension:reservingSidecar:)``).
    package let sidecarSlot: SidecarSlot?

    init(created: CreatedPartial, relativePath: String, fileExtension: String, sidecarSlot: SidecarSlot? = nil) {
        self.folder = created.folder
        self.name = created.name
        self.path = created.path
        self.url = URL(fileURLWithPath: created.folder.procPath.map { $0 + "/" + created.name } ?? created.path)
        self.relativePath = relativePath
        self.fileExtension = fileExtension
        self.descriptor = Mutex(created.descriptor)
        self.sidecarSlot = sidecarSlot
    }

    /// Takes the descriptor (the lock) out; `nil` once committed or abandoned.
    func take() -> Int32? {
        descriptor.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }

    deinit {
        // Forgotten without commit or abandon: release the lock, keep the bytes for recovery.
        if let fd = take() { _ = Glibc.close(fd) }
    }
}

/// A partial file the filer just created and locked.
struct CreatedPartial {
    let descriptor: Int32
    let folder: FolderDescriptor
    /// The folders from the root down to `folder`.
    let folderComponents: [Substring]
    let name: String
    /// Plain absolute path, for messages.
    let path: String
}

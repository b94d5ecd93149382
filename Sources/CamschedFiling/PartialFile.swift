import Foundation
import Synchronization

/// A partial file reserved for someone else to write (a recorder writing through FFmpeg),
/// returned by ``FileFiler/reservePartial(relativePath:extension:)``.
///
/// While it is open the filer holds an exclusive `flock` on it, so that recovery in another
/// camsched on the same root leaves it alone. Hand it to ``FileFiler/commit(_:)`` when the
/// file is complete, or to ``FileFiler/abandon(_:)``.
public final class PartialFile: Sendable {
    /// Where to write: `NAME.EXT.partial` beside the final name.
    public let url: URL
    /// The desired path relative to the root, without extension.
    public let relativePath: String
    /// The final extension, without dot.
    public let fileExtension: String
    let descriptor: Mutex<Int32?>

    init(url: URL, relativePath: String, fileExtension: String, descriptor: Int32) {
        self.url = url
        self.relativePath = relativePath
        self.fileExtension = fileExtension
        self.descriptor = Mutex(descriptor)
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

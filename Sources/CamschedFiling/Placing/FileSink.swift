import CamschedCore
import SystemPackage
import Foundation
import Glibc

/// The writable end of a partial file handed to the closure of
/// ``FileFiler/file(relativePath:extension:write:)``. It hashes what it writes (unless the filer
/// was made with `hashes: false`), and turns
/// `ENOSPC`/`EDQUOT` into ``FilingError/diskFull(filesystem:freeBytes:path:errno:)``.
package final class FileSink {
    let descriptor: Int32
    /// The partial file being written (`NAME.EXT.partial`).
    package let partialPath: String
    let hasher: SHA256Hasher?
    let writeCall: WriteCall
    let root: String
    /// The bytes written so far.
    package private(set) var bytesWritten: Int64 = 0

    typealias WriteCall = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    init(descriptor: Int32, partialPath: String, root: String, hashes: Bool = true, writeCall: @escaping WriteCall) {
        self.descriptor = descriptor
        self.partialPath = partialPath
        self.root = root
        self.writeCall = writeCall
        self.hasher = hashes ? SHA256Hasher() : nil
    }

    /// Appends bytes to the file.
    /// - Throws: ``FilingError/diskFull(filesystem:freeBytes:path:errno:)`` when the
    ///   filesystem is full, ``FilingError/systemCall(name:path:errno:)`` otherwise.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FilingError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            switch SystemCall.valueOrErrno({ writeCall(descriptor, base + offset, bytes.count - offset) }) {
            case let .success(written): offset += written
            case let .failure(errno) where FilingCall.isNoSpace(errno.rawValue):
                throw FileFiler.diskFull(root: root, path: partialPath, errno: errno.rawValue)
            case let .failure(errno): throw .systemCall(name: "write", path: partialPath, errno: errno.rawValue)
            }
        }
        hasher?.update(bytes)
        bytesWritten += Int64(bytes.count)
    }

    /// Appends bytes to the file.
    package func write(_ bytes: [UInt8]) throws(FilingError) {
        // withUnsafeBytes rethrows untyped errors; carry the typed one out in a Result.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(FilingError) in try write(buffer) }
        }
        try result.get()
    }

    /// Appends bytes to the file.
    package func write(_ data: Data) throws(FilingError) {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(FilingError) in try write(buffer) }
        }
        try result.get()
    }
}

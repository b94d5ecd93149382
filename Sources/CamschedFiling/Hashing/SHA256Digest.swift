import Glibc

/// A SHA-256 digest, shown as 64 lowercase hex digits as `sha256sum` prints it.
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    package let bytes: [UInt8]

    /// Wraps 32 digest bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// The digest as 64 lowercase hex digits.
    package var hex: String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }

    package var description: String { hex }

    /// The digest of bytes in memory.
    package static func of(_ bytes: [UInt8]) -> SHA256Digest {
        let hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of a file's content, read in 64 KiB chunks.
    /// - Parameter path: the file to read.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)`` when it cannot be opened or read.
    package static func ofFile(atPath path: String) throws(FilingError) -> SHA256Digest {
        try digestAndSize(ofFileAtPath: path).digest
    }

    /// The digest and size of a file, read in one pass.
    static func digestAndSize(ofFileAtPath path: String) throws(FilingError) -> (digest: SHA256Digest, bytes: Int64) {
        let fd = try FilingCall.run("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        return try ofDescriptor(fd, path: path)
    }

    static func ofDescriptor(_ fd: Int32, path: String) throws(FilingError) -> (digest: SHA256Digest, bytes: Int64) {
        let hasher = SHA256Hasher()
        let chunk = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = try FilingCall.run("read", path: path) { read(fd, buffer.baseAddress, chunk) }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        return (hasher.finalize(), total)
    }
}

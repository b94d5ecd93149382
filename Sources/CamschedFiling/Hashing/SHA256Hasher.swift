import Crypto

/// An incremental SHA-256, so that a file can be hashed while it is written, without reading
/// it back: swift-crypto's `SHA256` (BoringSSL's, which uses the CPU's SHA instructions where
/// there are any), compiled into the binary, so the first hash loads no library.
package final class SHA256Hasher {
    private var function = SHA256()

    /// Creates a hasher with nothing hashed yet.
    package init() {}

    /// Adds bytes to the hash.
    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        function.update(bufferPointer: bytes)
    }

    /// Adds bytes to the hash.
    package func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Ends hashing and returns the digest. Calling it again returns the digest of nothing
    /// more: the hasher starts again after each call.
    package func finalize() -> SHA256Digest {
        let digest = function.finalize()
        function = SHA256()
        return SHA256Digest(bytes: Array(digest))
    }
}

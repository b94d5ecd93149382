internal import CLibCrypto
import Glibc

/// An incremental SHA-256 over OpenSSL's libcrypto (which uses the CPU's SHA instructions
/// where there are any), so that a file can be hashed while it is written, without reading
/// it back.
///
/// The corresponding C calls are `EVP_MD_CTX_new`, `EVP_DigestInit_ex(ctx, EVP_sha256())`,
/// `EVP_DigestUpdate` and `EVP_DigestFinal_ex`.
public final class SHA256Hasher {
    private let context: OpaquePointer
    private var finished = false

    /// Creates a hasher with nothing hashed yet.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)`` with `ENOMEM` when libcrypto
    ///   cannot allocate its context.
    public init() throws(FilingError) {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw .systemCall(name: "EVP_DigestInit_ex", path: "-", errno: ENOMEM)
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds bytes to the hash.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Adds bytes to the hash.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Ends hashing and returns the digest. Calling it again returns the digest of nothing
    /// more: the context is re-initialised after each call.
    public func finalize() -> SHA256Digest {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { buffer in
            var length: UInt32 = 0
            if let base = buffer.baseAddress { EVP_DigestFinal_ex(context, base, &length) }
        }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        return SHA256Digest(bytes: digest)
    }
}

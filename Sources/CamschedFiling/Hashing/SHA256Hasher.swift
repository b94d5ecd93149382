internal import CCryptoShim
import Glibc

/// An incremental SHA-256 over OpenSSL's libcrypto (which uses the CPU's SHA instructions
/// where there are any), so that a file can be hashed while it is written, without reading
/// it back.
///
/// The corresponding C calls are `SHA256_Init`, `SHA256_Update` and `SHA256_Final`: the same
/// code as `EVP_Digest*`, without EVP's first-use set-up (provider and engine look-ups and
/// reading openssl.cnf: 5.3 M instructions, a tenth of a cold still). libcrypto is opened on
/// the first hasher (CCryptoShim), so commands that hash nothing never load it.
public final class SHA256Hasher {
    private var context = SHA256_CTX()

    /// Creates a hasher with nothing hashed yet.
    /// - Throws: ``FilingError/libraryMissing(name:package:reason:)`` naming the package when libcrypto
    ///   cannot be opened; ``FilingError/systemCall(name:path:errno:)`` when it refuses to
    ///   initialise the context (it never does for SHA-256).
    public init() throws(FilingError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard cs_crypto_load(&reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libraryMissing(name: String(cString: cs_crypto_soname()), package: "libssl3", reason: text)
        }
        guard cs_sha256_init(&context) == 1 else { throw .systemCall(name: "SHA256_Init", path: "-", errno: EINVAL) }
    }

    /// Adds bytes to the hash.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        cs_sha256_update(&context, base, bytes.count)
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
            if let base = buffer.baseAddress { cs_sha256_final(base, &context) }
        }
        cs_sha256_init(&context)
        return SHA256Digest(bytes: digest)
    }
}

internal import CCryptoShim

/// An incremental SHA-256, so that a file can be hashed while it is written, without reading
/// it back.
///
/// A hash up to 256 KiB (a still) is computed by CCryptoShim's own code; past that, OpenSSL's
/// libcrypto (which uses the CPU's SHA instructions where there are any) takes over on the
/// same context — `SHA256_Update` and `SHA256_Final`, the same code as `EVP_Digest*` without
/// EVP's first-use set-up (5.3 M instructions, a tenth of a cold still). libcrypto is opened
/// (dlopen) on the first such hash: a cron run's one still never loads it (its relocations
/// and page faults cost more than hashing the still), and without it the built-in code hashes
/// everything, more slowly.
public final class SHA256Hasher {
    private var context = SHA256_CTX()

    /// Creates a hasher with nothing hashed yet.
    /// - Throws: never now (libcrypto is optional); kept for the callers' `try`.
    public init() throws(FilingError) {
        cs_sha256_init(&context)
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

extension SHA256Digest {
    /// The digest from CCryptoShim's built-in SHA-256 alone, whether libcrypto is open or not
    /// (for tests, which compare it with other implementations').
    static func builtIn(_ bytes: [UInt8]) -> SHA256Digest {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                if let base = output.baseAddress { cs_sha256_builtin(input.baseAddress, input.count, base) }
            }
        }
        return SHA256Digest(bytes: digest)
    }
}

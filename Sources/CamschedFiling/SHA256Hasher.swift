import CFFmpegShim
import Glibc

/// An incremental SHA-256 over libavutil's implementation, so that a file can be hashed
/// while it is written, without reading it back.
///
/// The corresponding C calls are `av_sha_alloc`, `av_sha_init(ctx, 256)`, `av_sha_update`
/// and `av_sha_final`.
public final class SHA256Hasher {
    private let context: OpaquePointer
    private var finished = false

    /// Creates a hasher with nothing hashed yet.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)`` with `ENOMEM` when libavutil
    ///   cannot allocate its context.
    public init() throws(FilingError) {
        guard let context = av_sha_alloc() else {
            throw .systemCall(name: "av_sha_alloc", path: "-", errno: ENOMEM)
        }
        self.context = context
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Adds bytes to the hash.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
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
            if let base = buffer.baseAddress { av_sha_final(context, base) }
        }
        av_sha_init(context, 256)
        return SHA256Digest(bytes: digest)
    }
}

import Foundation

/// A file under a job's root opened one path component at a time with `O_NOFOLLOW`: a symbolic
/// link anywhere below the root (to `/etc`, to another job's root) is refused, as are `..`,
/// `.` and empty components, and anything that is not a regular file.
/// Sendable: its descriptor is only read with `pread`, which is thread-safe.
struct RootFile: ~Copyable, Sendable {
    let descriptor: Int32
    let size: Int64

    init?(root: URL, relativePath: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else { return nil }
        var current = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return nil }
        for (index, part) in parts.enumerated() {
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (index == parts.count - 1 ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(current, String(part), flags)
            close(current)
            guard next >= 0 else { return nil }
            current = next
        }
        var status = stat()
        guard fstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(current)
            return nil
        }
        descriptor = current
        size = Int64(status.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset`; fewer at the end of the file, none on an error.
    func read(at offset: Int64, count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got > 0 ? Array(buffer.prefix(got)) : []
    }
}

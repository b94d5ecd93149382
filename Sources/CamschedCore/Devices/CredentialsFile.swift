import Foundation

/// A credentials file as camsched accepts it: a regular file (a symbolic link is followed and
/// the file it leads to is checked) that neither group nor others may read or write — mode
/// 600 or 400, as ssh asks of a private key.
package enum CredentialsFile {
    /// Reads the file's text after checking it.
    /// - Throws: ``CameraCredentialsError`` naming the file and the fix.
    package static func read(_ path: String) throws(CameraCredentialsError) -> String {
        // O_NONBLOCK: a FIFO put there must not hang the open; it is refused as not regular below.
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if descriptor < 0 { throw failure(path, errno: errno) }
        defer { Glibc.close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .fileUnreadable(path: path, reason: String(cString: strerror(errno))) }
        try check(path, info)
        var bytes = [UInt8](repeating: 0, count: CameraCredentials.maximumLength + 1)
        var count = 0
        while count < bytes.count {
            let read = SystemCall.valueOrErrno {
                bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress.map { $0 + count }, $0.count - count) }
            }
            guard case let .success(got) = read else {
                throw .fileUnreadable(path: path, reason: String(cString: strerror(read.errnoCode)))
            }
            if got == 0 { break }
            count += got
        }
        let source = CameraCredentialsSource.file(path)
        if count > CameraCredentials.maximumLength {
            throw .malformed(source: source, reason: "it is longer than \(CameraCredentials.maximumLength) bytes")
        }
        guard let text = String(bytes: bytes[..<count], encoding: .utf8) else {
            throw .malformed(source: source, reason: "it is not UTF-8 text")
        }
        return text
    }

    /// Checks what can be checked without reading the file (`validate` run by another user than
    /// the one camsched runs as): that it exists, is a regular file and is closed to others.
    /// - Throws: ``CameraCredentialsError`` as ``read(_:)``, except that reading is not tried.
    package static func checkWithoutReading(_ path: String) throws(CameraCredentialsError) {
        var info = stat()
        // fstatat without AT_SYMLINK_NOFOLLOW follows a symbolic link, as stat(2) does.
        guard fstatat(AT_FDCWD, path, &info, 0) == 0 else { throw failure(path, errno: errno) }
        try check(path, info)
    }

    private static func check(_ path: String, _ info: stat) throws(CameraCredentialsError) {
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
        let mode = UInt32(info.st_mode & 0o7777)
        if mode & 0o077 != 0 { throw .fileTooOpen(path: path, mode: mode) }
    }

    private static func failure(_ path: String, errno code: Int32) -> CameraCredentialsError {
        if code == ENOENT || code == ENOTDIR { return .fileMissing(path: path) }
        return .fileUnreadable(path: path, reason: String(cString: strerror(code)))
    }
}

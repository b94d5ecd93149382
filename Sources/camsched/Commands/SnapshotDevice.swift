import CamschedCore
import Foundation
import Glibc

/// `snapshot -o` naming something that is not a file to file into — a device (`/dev/stdout`,
/// `/dev/full`, a printer), a FIFO: the still is written into it as a shell redirection
/// would, and nothing is created beside it (no `/dev/full.jpg`, no partial file).
struct SnapshotDevice {
    /// The path as given.
    let path: String

    /// The device or FIFO at `output`, or `nil` when `output` is a regular file, a folder,
    /// or nothing yet (those are filed as usual). Links are followed, as a redirection does.
    /// An existing file reached through `/dev` or `/proc` (`/dev/stdout` is a link to
    /// `/proc/self/fd/1`, which may be a regular file the shell redirected to) is written
    /// into too: nothing is ever created there.
    init?(output: String?) {
        guard let output else { return nil }
        var status = stat()
        guard stat(output, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        let special = type == S_IFCHR || type == S_IFBLK || type == S_IFIFO || type == S_IFSOCK
        let system = type == S_IFREG && (output.hasPrefix("/dev/") || output.hasPrefix("/proc/"))
        guard special || system else { return nil }
        path = output
    }

    /// Writes `data` and closes. A FIFO without a reader is an error, not a wait.
    /// - Returns: an error sentence, or `nil` when every byte was taken.
    func write(_ data: Data) -> String? {
        // O_APPEND: a file behind /dev/stdout is written after what is there (`>>` keeps it).
        let opened = SystemCall.valueOrErrno { open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK | O_APPEND) }
        guard case let .success(fd) = opened else { return problem(opened.errnoCode, opening: true) }
        // Blocking writes from here on: a slow reader gets the whole still.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        defer { close(fd) }
        var offset = 0
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while offset < buffer.count {
                switch SystemCall.valueOrErrno({ Glibc.write(fd, base + offset, buffer.count - offset) }) {
                case let .success(written): offset += written
                case let .failure(errno): return errno.rawValue
                }
            }
            return nil
        }
        return failure.map { problem($0, opening: false) }
    }

    private func problem(_ code: Int32, opening: Bool) -> String {
        if code == ENOSPC || code == EDQUOT { return "disk full: \(path) took no more (\(String(cString: strerror(code))))" }
        if code == ENXIO && !opening { return "could not write \(path): \(String(cString: strerror(code)))" }
        if code == ENXIO { return "could not open \(path): nothing is reading from it" }
        return "could not \(opening ? "open" : "write") \(path): \(String(cString: strerror(code)))"
    }
}

import Glibc

/// Where camsched's stderr goes, which decides how a log line starts (SPEC section 7).
enum LogDestination: Equatable, Sendable {
    /// journald (`JOURNAL_STREAM` names stderr): `<N>` syslog priority, no time — the journal
    /// keeps its own.
    case journal
    /// A person at a terminal: plain lines.
    case terminal
    /// A file or a pipe (cron's mail, `>>log 2>&1`): every line starts with an RFC 3339 time.
    case file

    /// Looks at file descriptor `fd` (stderr).
    /// - Parameter environment: where `JOURNAL_STREAM` (`DEVICE:INODE` of the journal's stream,
    ///   which systemd sets for the service's stdout/stderr) is looked up.
    static func detect(fd: Int32 = STDERR_FILENO, environment: [String: String]) -> LogDestination {
        if let stream = environment["JOURNAL_STREAM"], names(stream, fd: fd) { return .journal }
        return isatty(fd) == 1 ? .terminal : .file
    }

    /// Whether `DEVICE:INODE` is `fd`'s: a child whose stderr was redirected elsewhere inherits
    /// `JOURNAL_STREAM`, and must not write `<N>` into a file.
    private static func names(_ stream: String, fd: Int32) -> Bool {
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}

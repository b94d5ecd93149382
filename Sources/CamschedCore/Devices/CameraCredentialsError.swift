/// Credentials that cannot be used, each with its fix. No case carries the password or the
/// text it was read from.
package enum CameraCredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The credentials file does not exist.
    case fileMissing(path: String)
    /// The credentials file exists but this user may not read it.
    case fileUnreadable(path: String, reason: String)
    /// The credentials file is a folder, a device, a pipe…
    case notRegularFile(path: String)
    /// Group or others may read (or write) the credentials file.
    case fileTooOpen(path: String, mode: UInt32)
    /// The file or variable does not hold one line `user:password`.
    case malformed(source: CameraCredentialsSource, reason: String)
    /// The environment variable is not set.
    case variableNotSet(name: String)

    package var description: String {
        switch self {
        case let .fileMissing(path):
            return "the credentials file \(path) does not exist; create it with one line user:password and run chmod 600 \(path)"
        case let .fileUnreadable(path, reason):
            return "cannot read the credentials file \(path): \(reason); it must be readable by the user camsched runs as (and by no one else: chmod 600 \(path))"
        case let .notRegularFile(path):
            return "the credentials file \(path) is not a regular file; name a file holding one line user:password"
        case let .fileTooOpen(path, mode):
            return "the credentials file \(path) has mode \(String(format: "%04o", mode)), so other users can read the password; run chmod 600 \(path)"
        case let .malformed(source, reason):
            return "\(source) must hold one line user:password, but \(reason)"
        case let .variableNotSet(name):
            return "the environment variable \(name) is not set; set it to user:password in the environment camsched runs in (for the daemon: Environment= or EnvironmentFile= in its unit), or name a credentials file"
        }
    }
}

/// Why a recording stopped writing.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The filesystem (or the quota) is full; the file that was being written keeps what fitted.
    case diskFull(path: String)

    public var description: String {
        switch self {
        case let .diskFull(path): return "no space left on the device while writing \(path)"
        }
    }
}

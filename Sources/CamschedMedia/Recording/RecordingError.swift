/// Why a recording stopped writing.
package enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The filesystem (or the quota) is full; the file that was being written keeps what fitted.
    case diskFull(path: String)

    package var description: String {
        switch self {
        case let .diskFull(path): return "no space left on the device while writing \(path)"
        }
    }
}

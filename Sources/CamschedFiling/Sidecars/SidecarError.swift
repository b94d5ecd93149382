/// Why a sidecar could not be written or read.
package enum SidecarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Writing the file failed.
    case filing(FilingError)
    /// The sidecar could not be turned into JSON.
    case encoding(file: String, message: String)
    /// The JSON is not a camsched sidecar.
    case decoding(message: String)
    /// The sidecar file could not be read.
    case unreadable(path: String, message: String)

    package var description: String {
        switch self {
        case .filing(let error): return error.description
        case .encoding(let file, let message): return "cannot encode the sidecar of \(file): \(message)"
        case .decoding(let message): return "not a camsched sidecar: \(message)"
        case .unreadable(let path, let message): return "cannot read the sidecar \(path): \(message)"
        }
    }
}

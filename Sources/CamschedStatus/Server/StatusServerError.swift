import Foundation

/// Why the status server cannot start. Each is invalid input (exit 2) with a sentence that
/// says how to fix it.
package enum StatusServerError: Error, Equatable, CustomStringConvertible {
    case invalidListen(String, reason: String)
    case tokenRequired(ListenAddress)
    case tokenFile(path: String, reason: String)
    case cannotListen(ListenAddress, reason: String)

    package var description: String {
        switch self {
        case let .invalidListen(text, reason):
            return "--listen \(text): \(reason)"
        case let .tokenRequired(address):
            return "--listen \(address) is reachable from other machines: give --token-file FILE with a secret token "
                + "(e.g. `head -c 32 /dev/urandom | base64 > FILE; chmod 600 FILE`), or listen on 127.0.0.1"
        case let .tokenFile(path, reason):
            return "--token-file \(path): \(reason)"
        case let .cannotListen(address, reason):
            return "cannot listen on \(address): \(reason)"
        }
    }
}

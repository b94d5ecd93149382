import Foundation
import PostgresNIO

/// What went wrong with the fleet catalog, in one sentence for the user.
package enum FleetError: Error, CustomStringConvertible {
    /// `CAMSCHED_NODE` is not a usable name.
    case invalidNode(String)
    /// The server could not be reached or refused us (connection, TLS, authentication).
    case unreachable(url: String, reason: String)
    /// A statement failed on the server.
    case server(url: String, reason: String)
    /// The server did not answer in time.
    case timedOut(url: String, seconds: Double)
    /// The local catalog could not be read or written.
    case local(String)

    package var description: String {
        switch self {
        case let .invalidNode(name):
            return "CAMSCHED_NODE=\"\(name)\" is not a node name: use 1 to \(FleetNode.maximumBytes) bytes without control characters"
        case let .unreachable(url, reason):
            return "cannot reach the fleet catalog \(url): \(reason)"
        case let .server(url, reason):
            return "the fleet catalog \(url) refused a statement: \(reason)"
        case let .timedOut(url, seconds):
            return "the fleet catalog \(url) did not answer within \(FleetError.seconds(seconds))"
        case let .local(reason):
            return "the local catalog: \(reason)"
        }
    }

    /// Whether the failure is the network's or the server's availability (retry later),
    /// rather than a mistake a retry cannot fix.
    package var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut: return true
        case .server, .invalidNode, .local: return false
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// Describes an error of postgres-nio, whose own description hides the details on purpose.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PostgresTransactionError {
            return describe(error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? error)
        }
        guard let error = error as? PSQLError else { return "\(error)" }
        if error.code == .sslUnsupported { return "the server does not offer TLS, and the URL's sslmode asks for it" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    /// Sorts a postgres-nio error: a server error on a statement, or the connection's failure.
    static func from(_ error: any Error, url: String) -> FleetError {
        if let error = error as? FleetError { return error }
        var inner: any Error = error
        if let transaction = error as? PostgresTransactionError {
            inner = transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? error
        }
        if let psql = inner as? PSQLError, psql.code == .server, psql.serverInfo?[.sqlState]?.hasPrefix("28") != true,
           psql.serverInfo?[.sqlState]?.hasPrefix("3D") != true, psql.serverInfo?[.sqlState]?.hasPrefix("57") != true {
            return .server(url: url, reason: describe(inner))
        }
        return .unreachable(url: url, reason: describe(inner))
    }
}

import Foundation

/// The PostgreSQL server of a fleet catalog (SPEC section 8): `output.catalog` as a URL, or
/// `CAMSCHED_CATALOG_URL`, in libpq's URL form `postgres://USER@HOST:PORT/DATABASE?sslmode=MODE`.
///
/// The password is never part of it: a job file is often readable by everyone on the machine,
/// so the password comes from `PGPASSWORD` or `~/.pgpass`, as for `psql`.
package struct FleetCatalogURL: Sendable, Equatable, CustomStringConvertible {
    /// libpq's `sslmode` values.
    package enum TLSMode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, else plain (libpq's default).
        case allow, prefer
        /// TLS or no connection; the certificate is not checked (libpq's meaning).
        case require
        /// TLS with a certificate signed by a trusted authority.
        case verifyCA = "verify-ca"
        /// TLS with a trusted certificate for this host name.
        case verifyFull = "verify-full"
    }

    /// The user to log in as.
    package var user: String
    /// The server's host name or address.
    package var host: String
    /// The server's port.
    package var port: Int
    /// The database.
    package var database: String
    /// How TLS is used.
    package var tls: TLSMode
    /// Seconds to wait for a connection (`connect_timeout`).
    package var connectTimeout: Int

    /// The longest URL accepted, in bytes.
    package static let maximumBytes = 2_048
    static let queryKeys = ["sslmode", "connect_timeout", "application_name"]

    /// The URL again, without a password (there is none), for logs and the catalog.
    package var description: String {
        var text = "postgres://\(escaped(user))@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(escaped(database))"
        var query: [String] = []
        if tls != .prefer { query.append("sslmode=\(tls.rawValue)") }
        if connectTimeout != 5 { query.append("connect_timeout=\(connectTimeout)") }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }

    /// Parses a URL; the error says what is wrong and how to write it.
    /// - Parameter defaultUser: the user when the URL names none (libpq uses the login name).
    package init(parsing text: String, defaultUser: String = FleetCatalogURL.loginName) throws(FleetCatalogURLError) {
        guard text.utf8.count <= Self.maximumBytes else { throw .tooLong(text.utf8.count) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
            throw .invalid("contains a space or a control character")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw .invalid("is not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else { throw .scheme(scheme) }
        if parts.password != nil { throw .passwordInURL }
        guard let host = parts.host, !host.isEmpty else { throw .invalid("names no host (postgres://USER@HOST/DATABASE)") }
        // An IPv6 address may come back in its brackets.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        user = parts.user ?? defaultUser
        guard !user.isEmpty else { throw .invalid("names an empty user") }
        port = parts.port ?? 5432
        guard (1...65_535).contains(port) else { throw .invalid("has port \(port); a port is 1 to 65535") }
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        database = path.isEmpty ? user : path
        guard !database.contains("/") else { throw .invalid("has a database name with '/': \(database)") }
        tls = .prefer
        connectTimeout = 5
        for item in parts.queryItems ?? [] { try apply(item) }
    }

    private mutating func apply(_ item: URLQueryItem) throws(FleetCatalogURLError) {
        let value = item.value ?? ""
        switch item.name {
        case "sslmode":
            guard let mode = TLSMode(rawValue: value) else { throw .option("sslmode", value, TLSMode.allCases.map(\.rawValue)) }
            tls = mode
        case "connect_timeout":
            guard let seconds = Int(value), (1...300).contains(seconds) else { throw .option("connect_timeout", value, ["1 to 300 (seconds)"]) }
            connectTimeout = seconds
        case "application_name":
            break
        default:
            throw .unknownOption(item.name)
        }
    }

    private func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.subtracting(CharacterSet(charactersIn: ":@/"))) ?? text
    }

    /// The login name, libpq's default user.
    package static var loginName: String { NSUserName() }

    /// Whether a value of `output.catalog` looks like a URL at all (rather than a typo of `true`).
    package static func looksLikeURL(_ text: String) -> Bool { text.contains("://") }
}

/// Why a fleet catalog URL was refused.
package enum FleetCatalogURLError: Error, Equatable, CustomStringConvertible {
    case tooLong(Int)
    case invalid(String)
    case scheme(String)
    case passwordInURL
    case option(String, String, [String])
    case unknownOption(String)

    package var description: String {
        switch self {
        case let .tooLong(bytes):
            return "is \(bytes) bytes long; a catalog URL may have at most \(FleetCatalogURL.maximumBytes)"
        case let .invalid(what):
            return "\(what); write it as postgres://USER@HOST:PORT/DATABASE"
        case let .scheme(scheme):
            return "has scheme \"\(scheme)\"; a fleet catalog is PostgreSQL: postgres://USER@HOST:PORT/DATABASE"
        case .passwordInURL:
            return "holds a password; remove it and put it in PGPASSWORD or ~/.pgpass (job files are often readable by every user)"
        case let .option(name, value, allowed):
            return "has \(name)=\(value); use one of: \(allowed.joined(separator: ", "))"
        case let .unknownOption(name):
            return "has the unknown option \"\(name)\"; known: \(FleetCatalogURL.queryKeys.joined(separator: ", "))"
        }
    }
}

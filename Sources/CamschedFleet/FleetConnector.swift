import CamschedJobs
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Opens connections to a fleet catalog's server: the URL's host, port, user and database,
/// the password from `PGPASSWORD` or `~/.pgpass`, TLS as `sslmode` says.
package struct FleetConnector: Sendable {
    /// The server.
    package let url: FleetCatalogURL
    let logger: Logger
    let environment: [String: String]

    /// A connector for `url`.
    package init(url: FleetCatalogURL, logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.url = url
        self.logger = logger
        self.environment = environment
    }

    /// Connects, within the URL's `connect_timeout`.
    /// - Throws: ``FleetError/unreachable(url:reason:)``.
    package func connect() async throws(FleetError) -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        do { configuration = try makeConfiguration() } catch { throw .unreachable(url: url.description, reason: "\(error)") }
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: Self.nextID(), logger: quietLogger)
        } catch {
            throw .unreachable(url: url.description, reason: FleetError.describe(error))
        }
    }

    func makeConfiguration() throws -> PostgresConnection.Configuration {
        let found = PGPassFile.password(host: url.host, port: url.port, database: url.database, user: url.user, environment: environment)
        if let reason = found.ignoredBecause { logger.warning("not using the password file: \(reason)") }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: found.password, database: url.database,
            tls: try tls())
        configuration.options.connectTimeout = .seconds(Int64(url.connectTimeout))
        return configuration
    }

    /// libpq's `sslmode` as postgres-nio's TLS setting: `require` encrypts without checking
    /// the certificate, `verify-ca` checks the authority, `verify-full` also the host name.
    func tls() throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch url.tls {
        case .disable:
            return .disable
        case .allow, .prefer:
            tls.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: tls))
        case .require:
            tls.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            return .require(try NIOSSLContext(configuration: tls))
        }
    }

    /// postgres-nio logs every connection failure at debug level and above: ours are logged
    /// once per change by the sender, so its own logger stays quiet.
    var quietLogger: Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    private static let ids = Mutex(0)
    private static func nextID() -> Int { ids.withLock { $0 += 1; return $0 } }
}

extension PostgresConnection {
    /// Closes the connection without waiting: whatever waits on it fails at once. The
    /// connection is kept alive until it is closed (postgres-nio checks that in debug builds).
    func closeNow() {
        let closing: EventLoopFuture<Void> = close()
        closing.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}

import CamschedFiling
import CamschedJobs
import Foundation
import Glibc
import Logging
import PostgresNIO

/// Sends a root's queued rows to its fleet catalog: one connection, opened when there is
/// something to send and kept while it works; the schema migrated on every new connection;
/// every step bounded by ``operationTimeout``. Rows leave the queue only after PostgreSQL
/// committed them.
package actor FleetSender {
    /// The local catalog whose queue is sent.
    package let catalog: Catalog
    let connector: FleetConnector
    let logger: Logger
    /// Rows per transaction.
    package let batchSize: Int
    /// The longest a connect or a batch may take before the connection is dropped.
    package let operationTimeout: Duration
    private var connection: PostgresConnection?

    /// The environment variable of the test that kills camsched between the commit and
    /// marking the rows sent (see the environment reference: for tests only).
    package static let killAfterCommitVariable = "CAMSCHED_TEST_FLEET_KILL_AFTER_COMMIT"
    private let killAfterCommit: Bool

    /// A sender for `catalog`'s queue to `connector`'s server.
    package init(catalog: Catalog, connector: FleetConnector, batchSize: Int = 500, operationTimeout: Duration = .seconds(10)) {
        self.catalog = catalog
        self.connector = connector
        self.logger = connector.logger
        self.batchSize = batchSize
        self.operationTimeout = operationTimeout
        killAfterCommit = connector.environment[Self.killAfterCommitVariable] == "1"
    }

    nonisolated var url: String { connector.url.description }

    /// Sends batches until the queue is empty.
    /// - Returns: how many rows were sent.
    /// - Throws: ``FleetError``; what was sent before stays sent.
    package func sendAll() async throws(FleetError) -> Int {
        var sent = 0
        while true {
            let count = try await sendBatch()
            if count == 0 { return sent }
            sent += count
        }
    }

    /// Sends one batch; 0 when the queue is empty (no connection is made then).
    package func sendBatch() async throws(FleetError) -> Int {
        let batch: FleetQueueBatch
        do { batch = try catalog.fleetQueue.batch(limit: batchSize) } catch { throw .local("\(error)") }
        guard !batch.isEmpty else { return 0 }
        if batch.files.isEmpty && batch.runs.isEmpty {
            try mark(batch)
            return batch.stale.count
        }
        let connection = try await ready()
        let logger = connector.quietLogger
        do {
            try await FleetDeadline.run(operationTimeout, url: url, onTimeout: { connection.closeNow() }) {
                try await FleetUpload.send(batch, on: connection, logger: logger)
            }
        } catch {
            drop()
            throw FleetError.from(error, url: url)
        }
        if killAfterCommit { kill(getpid(), SIGKILL) }
        try mark(batch)
        return batch.files.count + batch.runs.count
    }

    private func mark(_ batch: FleetQueueBatch) throws(FleetError) {
        do { try catalog.fleetQueue.markSent(batch.seqs) } catch { throw .local("\(error)") }
    }

    /// The open connection, or a new one with the schema up to date.
    private func ready() async throws(FleetError) -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let connector = connector
        let logger = connector.quietLogger
        do {
            let fresh = try await FleetDeadline.run(operationTimeout, url: url, onTimeout: {}) {
                let connection = try await connector.connect()
                do {
                    try await FleetSchema.migrate(connection, logger: logger)
                    // Too late: the caller was answered at the deadline.
                    try Task.checkCancellation()
                } catch {
                    connection.closeNow()
                    throw error
                }
                return connection
            }
            connection = fresh
            return fresh
        } catch {
            throw FleetError.from(error, url: url)
        }
    }

    /// Closes the connection (an operation waiting on it fails at once).
    package func close() {
        drop()
    }

    private func drop() {
        connection?.closeNow()
        connection = nil
    }
}

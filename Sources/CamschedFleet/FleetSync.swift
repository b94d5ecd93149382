import CamschedCore
import CamschedFiling
import Foundation
import Logging
import Metrics
import Synchronization

/// The background task that keeps a root's fleet catalog current during `run` and `daemon`:
/// every ``pollInterval`` it sends what waits in the local queue; while PostgreSQL is down,
/// slow or unreachable it waits longer each time (up to ``maximumBackoff``) and logs once per
/// change of the problem, never more. Capture never waits for it.
package final class FleetSync: Sendable {
    /// The sender of the root's queue.
    package let sender: FleetSender
    let logger: Logger
    /// How often the queue is looked at while things go well.
    package let pollInterval: Duration
    /// The longest wait between tries while the server fails.
    package let maximumBackoff: Duration
    private let loop = Mutex<Task<Void, Never>?>(nil)
    private let lastProblem = Mutex<String?>(nil)
    private let backlog: Gauge

    /// The metric of the rows waiting in the local queue.
    package static let backlogMetric = "camsched_catalog_backlog_rows"

    /// A sync for `sender`; call ``start()``.
    package init(sender: FleetSender, logger: Logger, pollInterval: Duration = .seconds(1), maximumBackoff: Duration = .seconds(30)) {
        self.sender = sender
        self.logger = logger
        self.pollInterval = pollInterval
        self.maximumBackoff = maximumBackoff
        backlog = Gauge(label: Self.backlogMetric, dimensions: [("root", sender.catalog.root.path)])
    }

    /// Starts the background task (once).
    package func start() {
        loop.withLock { task in
            guard task == nil else { return }
            task = Task.detached(priority: .utility) { [self] in await run() }
        }
    }

    private func run() async {
        var backoff = Backoff(first: .seconds(1), longest: max(.seconds(1), maximumBackoff))
        while !Task.isCancelled {
            do {
                let sent = try await sender.sendAll()
                succeeded(sent: sent)
                backoff.reset()
                try? await Task.sleep(for: pollInterval)
            } catch {
                if Task.isCancelled { break }
                failed(error)
                try? await Task.sleep(for: backoff.next())
            }
            recordBacklog()
        }
    }

    /// Stops the background task and makes one last bounded try to send what waits; what
    /// is not sent by then stays queued for the next run or `camsched catalog sync`.
    /// - Returns: the rows still waiting.
    @discardableResult
    package func finish(within limit: Duration) async -> Int {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await sender.close()
        await task?.value
        let sender = sender
        do {
            let sent = try await FleetDeadline.run(limit, url: sender.url, onTimeout: { Task { await sender.close() } }) {
                try await sender.sendAll()
            }
            succeeded(sent: sent)
        } catch {
            failed(error)
        }
        await sender.close()
        return recordBacklog()
    }

    private func succeeded(sent: Int) {
        let previous = lastProblem.withLock { problem in defer { problem = nil }; return problem }
        if previous != nil {
            logger.notice("the fleet catalog \(sender.connector.url) works again: sent \(sent) waiting row(s)")
        } else if sent > 0 {
            logger.debug("sent \(sent) row(s) to the fleet catalog \(sender.connector.url)")
        }
    }

    private func failed(_ error: any Error) {
        let text = (error as? FleetError)?.description ?? "\(error)"
        let changed = lastProblem.withLock { problem in
            defer { problem = text }
            return problem != text
        }
        let waiting = (try? sender.catalog.fleetQueue.backlog().rows) ?? 0
        if changed {
            logger.warning("\(text); \(waiting) row(s) wait in the local catalog and go when it answers")
        } else {
            logger.debug("\(text); \(waiting) row(s) waiting")
        }
    }

    @discardableResult
    private func recordBacklog() -> Int {
        let rows = (try? sender.catalog.fleetQueue.backlog().rows) ?? 0
        backlog.record(rows)
        return rows
    }
}

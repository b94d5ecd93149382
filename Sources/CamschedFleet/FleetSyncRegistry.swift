import CamschedFiling
import CamschedJobs
import Foundation
import Logging
import Synchronization

/// The fleet syncs of this process, one per output root and server: a daemon running many
/// jobs into one root keeps one; `run` finishes them before it exits.
package final class FleetSyncRegistry: Sendable {
    /// The process's registry.
    package static let shared = FleetSyncRegistry()
    private let syncs = Mutex<[String: FleetSync]>([:])

    /// Creates an empty registry.
    package init() {}

    /// Turns on the queue of `catalog` for `url` (queuing the root's history the first time)
    /// and starts its background sync, unless one runs already.
    /// - Throws: ``FleetError`` when the node name is invalid or the local catalog fails; the
    ///   caller warns and captures on.
    package func start(
        catalog: Catalog, url: FleetCatalogURL, logger: Logger,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(FleetError) {
        let node = try FleetNode.current(environment: environment)
        let queued: Int
        do { queued = try catalog.fleetQueue.enable(node: node, url: url.description) } catch { throw .local("\(error)") }
        if queued > 0 { logger.notice("queued the \(queued) row(s) already in \(catalog.url.path) for the fleet catalog \(url)") }
        let key = catalog.root.path + "\u{0}" + url.description
        syncs.withLock { syncs in
            guard syncs[key] == nil else { return }
            let connector = FleetConnector(url: url, logger: logger, environment: environment)
            let sync = FleetSync(sender: FleetSender(catalog: catalog, connector: connector), logger: logger)
            syncs[key] = sync
            sync.start()
        }
    }

    /// Finishes every sync (see ``FleetSync/finish(within:)``), all within `limit`.
    package func finishAll(within limit: Duration) async {
        let all = syncs.withLock { syncs in defer { syncs = [:] }; return Array(syncs.values) }
        await withTaskGroup(of: Void.self) { group in
            for sync in all { group.addTask { await sync.finish(within: limit) } }
        }
    }
}

import CamschedFiling
import CamschedFleet
import CamschedJobs
import Logging

/// Starts the background copy of a root's catalog to its fleet catalog (SPEC section 8) at the
/// start of a run. Nothing here touches the network: a fleet catalog that is down or slow never
/// delays the capture, and a problem only warns.
enum FleetStep {
    static func start(job: Job, catalog: Catalog?, logger: Logger, registry: FleetSyncRegistry = .shared) {
        guard let url = job.output.fleet, let catalog else { return }
        do {
            try registry.start(catalog: catalog, url: url, logger: logger)
        } catch {
            logger.warning("\(error); the fleet catalog \(url) gets nothing from this run (capture goes on)")
        }
    }
}

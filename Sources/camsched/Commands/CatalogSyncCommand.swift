import ArgumentParser
import CamschedFiling
import CamschedFleet
import CamschedJobs
import Foundation
import Logging

/// `camsched catalog sync`: sends the rows waiting in the local catalog to the fleet catalog now.
struct CatalogSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the rows waiting for the fleet catalog (PostgreSQL) now.",
        discussion: """
            A root whose job has a PostgreSQL URL as output.catalog queues every row in ROOT/catalog.sqlite and \
            sends it in the background; rows wait there while the server is unreachable. This sends them now, \
            to --catalog URL, else $CAMSCHED_CATALOG_URL, else the URL the root was last run with. Exit 0 when \
            nothing waits any more; exit 1 when the server cannot be reached (the rows stay queued).
            """)
    @OptionGroup var common: CatalogOptions
    @Option(help: "The fleet catalog (postgres://USER@HOST:PORT/DATABASE); default: $CAMSCHED_CATALOG_URL, else the root's last.")
    var catalog: String?
    @Option(help: "Give up after this many seconds (default 60).")
    var timeout: Int = 60

    func validate() throws {
        if let catalog {
            do { _ = try FleetCatalogURL(parsing: catalog) } catch { throw ValidationError("--catalog: the URL \(error)") }
        }
        if !(1...86_400).contains(timeout) { throw ValidationError("--timeout \(timeout) must be 1 to 86400 seconds") }
    }

    func run() async throws {
        LogSetup.bootstrap()
        let local: Catalog
        do { local = try common.open(readOnly: false) } catch { exit(with: error) }
        let environment = ProcessInfo.processInfo.environment
        let stored = try? local.fleetQueue.settings()
        guard let text = catalog ?? environment[JobLoader.catalogURLVariable].flatMap({ $0.isEmpty ? nil : $0 }) ?? stored?.url else {
            exit(with: CLIFailure("no fleet catalog for \(local.root.path): pass --catalog postgres://USER@HOST/DATABASE or set \(JobLoader.catalogURLVariable)", code: .invalidInput))
        }
        let url: FleetCatalogURL
        do { url = try FleetCatalogURL(parsing: text) } catch { exit(with: CLIFailure("the fleet catalog URL \(error)", code: .invalidInput)) }
        let logger = Logger(label: "camsched.fleet")
        // Queued rows keep the node they were filed as; without CAMSCHED_NODE a sync by hand
        // keeps the root's node too, so that no row goes under the shell's host name.
        let node: String
        do {
            node = environment[FleetNode.variable] == nil ? try stored?.node ?? FleetNode.current() : try FleetNode.current()
        } catch { exit(with: CLIFailure("\(error)", code: .invalidInput)) }
        // A --catalog given here is for this sync only: the root keeps the URL its job names.
        do { try local.fleetQueue.enable(node: node, url: stored?.url ?? url.description) } catch {
            exit(with: CLIFailure("cannot queue rows in \(local.url.path): \(error)", code: .runtimeFailure))
        }
        let sender = FleetSender(catalog: local, connector: FleetConnector(url: url, logger: logger))
        let sync = FleetSync(sender: sender, logger: logger)
        let waiting = await sync.finish(within: .seconds(timeout))
        if waiting > 0 {
            exit(with: CLIFailure("\(waiting) row(s) still wait in \(local.url.path) for the fleet catalog \(url); they go with the next run or `camsched catalog sync`", code: .runtimeFailure))
        }
        Terminal.note("the fleet catalog \(url) has every row of \(local.root.path) (node \(node))")
    }
}

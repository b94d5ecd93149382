import ArgumentParser
import CamschedCore
import CamschedFleet
import CamschedJobs
import Foundation
import Logging

/// `--catalog URL` and the filters of fleet queries (`list`, `show`, `runs`).
struct FleetCatalogOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Read this fleet catalog (postgres://USER@HOST:PORT/DATABASE) instead of ROOT/catalog.sqlite: the rows of every node.",
        discussion: "The password comes from PGPASSWORD or ~/.pgpass; ?sslmode=require asks for TLS."))
    var catalog: String?

    @Option(help: "With --catalog: only this node (its CAMSCHED_NODE, or host name).")
    var node: String?

    @Option(help: "Only rows that started at or after this time (RFC 3339, e.g. 2026-06-21T12:00:00Z).")
    var since: String?

    @Option(help: "Only rows that started before this time (RFC 3339).")
    var until: String?

    func validate() throws {
        if let catalog {
            do { _ = try FleetCatalogURL(parsing: catalog) } catch { throw ValidationError("--catalog: the URL \(error)") }
        }
        if node != nil, catalog == nil { throw ValidationError("--node needs --catalog URL: a local catalog holds one node") }
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, RFC3339DateParser.parse(value) == nil {
                throw ValidationError("\(name) \"\(value)\" is not a time: \(RFC3339DateParser.syntaxHint)")
            }
        }
    }

    var url: FleetCatalogURL? { catalog.flatMap { try? FleetCatalogURL(parsing: $0) } }
    var sinceDate: Date? { since.flatMap(RFC3339DateParser.parse) }
    var untilDate: Date? { until.flatMap(RFC3339DateParser.parse) }

    /// Whether a row that started at `date` passes `--since` and `--until` (local catalogs).
    func admits(_ date: Date) -> Bool {
        if let sinceDate, date < sinceDate { return false }
        if let untilDate, date >= untilDate { return false }
        return true
    }

    func filter(job: String?, run: String? = nil, deleted: Bool = false, limit: Int? = nil) -> FleetQuery.Filter {
        var filter = FleetQuery.Filter()
        (filter.node, filter.job, filter.run, filter.since, filter.until) = (node, job, run, sinceDate, untilDate)
        (filter.includeDeleted, filter.limit) = (deleted, limit)
        return filter
    }

    func query(_ url: FleetCatalogURL) -> FleetQuery {
        FleetQuery(connector: FleetConnector(url: url, logger: Logger(label: "camsched.fleet")))
    }
}

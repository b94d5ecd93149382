import CamschedCore
import ArgumentParser
import CamschedFiling
import CamschedFleet
import CamschedJobs
import Foundation
import Logging

extension CatalogCommand {
    /// `--catalog URL` and the filters of fleet queries (`list`, `show`, `runs`).
    struct FleetOptions: ParsableArguments {
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

    static func listing(_ row: FleetFileRow) -> FileListing {
        var listing = FileListing(job: row.job, run: row.run, kind: row.kind, file: row.file, bytes: row.bytes,
                                  sha256: row.sha256, startedAt: row.startedAt, endedAt: row.endedAt, recovered: row.recovered,
                                  deleted: row.deletedAt.map { ($0, row.deletedReason) })
        listing.node = row.node
        return listing
    }

    /// `list --catalog URL`.
    static func listFleet(_ url: FleetCatalogURL, options: FleetOptions, filter: FleetQuery.Filter, json: Bool) async throws(CLIFailure) {
        let rows: [FleetFileRow]
        do { rows = try await options.query(url).files(filter) } catch { throw CLIFailure("\(error)", code: .runtimeFailure) }
        if json {
            for row in rows { Terminal.out(line(listing(row))) }
            return
        }
        if rows.isEmpty { Terminal.out("(no files)"); return }
        for row in rows {
            let state = row.deletedAt != nil ? "  [deleted]" : (row.recovered ? "  [recovered]" : "")
            Terminal.out("\(row.node)\t\(RFC3339Timestamp.string(from: row.startedAt))\t\(row.kind)\t\(row.bytes)\t\(row.file)\(state)")
        }
    }

    /// `show --catalog URL FILE [--node N]`: the sidecar; the node must be named when several have the path.
    static func showFleet(_ url: FleetCatalogURL, options: FleetOptions, file: String) async throws(CLIFailure) {
        let found: [(node: String, sidecar: String)]
        do { found = try await options.query(url).sidecars(file: file, node: options.node) } catch {
            throw CLIFailure("\(error)", code: .runtimeFailure)
        }
        guard let first = found.first else { throw CLIFailure("no node has a file \(file) in the fleet catalog", code: .invalidInput) }
        guard found.count == 1 else {
            throw CLIFailure("\(found.count) nodes have \(file): \(found.map(\.node).joined(separator: ", ")); name one with --node", code: .invalidInput)
        }
        Terminal.out(first.sidecar)
    }
}

extension CatalogCommand {
    /// `runs --catalog URL`.
    static func runsFleet(_ url: FleetCatalogURL, options: FleetOptions, filter: FleetQuery.Filter, json: Bool) async throws(CLIFailure) {
        let rows: [FleetRunRow]
        do { rows = try await options.query(url).runs(filter) } catch { throw CLIFailure("\(error)", code: .runtimeFailure) }
        let listings = rows.map { row in
            RunListing(id: row.id, job: row.job, status: row.status, startedAt: row.startedAt, files: row.files,
                       endedAt: row.endedAt, exitCode: row.exitCode, host: row.host, node: row.node)
        }
        if json {
            for listing in listings { Terminal.out(line(listing)) }
            return
        }
        if listings.isEmpty { Terminal.out("(no runs)"); return }
        for listing in listings { Terminal.out(listing.tableRow) }
    }
}

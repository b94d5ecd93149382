import ArgumentParser
import CamschedCore
import CamschedFiling
import CamschedFleet
import CamschedJobs
import Foundation

/// `camsched catalog list`: the catalogued files, oldest first (local, or a fleet catalog's).
struct CatalogListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List catalogued files, oldest first.")
    @OptionGroup var common: CatalogOptions
    @OptionGroup var fleet: FleetCatalogOptions
    @Option(help: "Only this job: its name, or its job file (which also gives the root, as --job-file).") var job: String?
    @Option(help: "Only this run id.") var run: String?
    @Flag(help: "Include files that retention (or prune) deleted.") var deleted = false

    func run() async throws {
        if let url = fleet.url {
            do { try await Self.listFleet(url, options: fleet, filter: fleet.filter(job: job, run: run, deleted: deleted),
                                          json: common.json) } catch { exit(with: error) }
            return
        }
        let catalog: Catalog, job: String?
        do { (catalog, job) = try common.catalog(job: self.job, readOnly: true) } catch { exit(with: error) }
        var entries = try catalog.files.list(job: job, includeDeleted: deleted).filter { fleet.admits($0.startedAt) }
        if let run { entries = entries.filter { $0.run == run } }
        if common.json {
            for entry in entries { Terminal.out(CatalogCommand.line(FileListing(entry))) }
            return
        }
        if entries.isEmpty { Terminal.out("(no files)"); return }
        for entry in entries {
            let state = entry.deletedAt != nil ? "  [deleted]" : (entry.recovered ? "  [recovered]" : (entry.adopted ? "  [adopted]" : ""))
            Terminal.out("\(entry.id)\t\(RFC3339Timestamp.string(from: entry.startedAt))\t\(entry.kind)\t\(entry.bytes)\t\(entry.file)\(state)")
        }
    }

    /// A fleet catalog's row as `list --json` writes it, with its node.
    static func listing(_ row: FleetFileRow) -> FileListing {
        var listing = FileListing(job: row.job, run: row.run, kind: row.kind, file: row.file, bytes: row.bytes,
                                  sha256: row.sha256, startedAt: row.startedAt, endedAt: row.endedAt, recovered: row.recovered,
                                  deleted: row.deletedAt.map { ($0, row.deletedReason) })
        listing.node = row.node
        return listing
    }

    /// `list --catalog URL`.
    static func listFleet(_ url: FleetCatalogURL, options: FleetCatalogOptions, filter: FleetQuery.Filter, json: Bool) async throws(CLIFailure) {
        let rows: [FleetFileRow]
        do { rows = try await options.query(url).files(filter) } catch { throw CLIFailure("\(error)", code: .runtimeFailure) }
        if json {
            for row in rows { Terminal.out(CatalogCommand.line(listing(row))) }
            return
        }
        if rows.isEmpty { Terminal.out("(no files)"); return }
        for row in rows {
            let state = row.deletedAt != nil ? "  [deleted]" : (row.recovered ? "  [recovered]" : "")
            Terminal.out("\(row.node)\t\(RFC3339Timestamp.string(from: row.startedAt))\t\(row.kind)\t\(row.bytes)\t\(row.file)\(state)")
        }
    }
}

import ArgumentParser
import CamschedCore
import CamschedFiling
import CamschedFleet
import CamschedJobs
import Foundation

/// `camsched catalog runs`: the runs with their status, newest first (local, or a fleet catalog's).
struct CatalogRunsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List runs with their status (running, done, failed, skipped, interrupted), newest first.",
        discussion: """
            A run killed before it ended (SIGKILL, a crash, a power cut) shows `interrupted` as soon as its \
            process is gone (on this host; a run of another host sharing the root shows as recorded). The row \
            itself is marked by the next run on the root, `catalog verify --repair` or `catalog rebuild`; until \
            then --json adds "recordedStatus": "running". Only reads: works on a read-only copy of an archive.
            """)
    @OptionGroup var common: CatalogOptions
    @OptionGroup var fleet: FleetCatalogOptions
    @Option(help: "Only this job: its name, or its job file (which also gives the root, as --job-file).") var job: String?
    @Option(help: "At most this many runs.") var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit \(limit) must be at least 1") }
    }

    func run() async throws {
        if let url = fleet.url {
            do { try await Self.runsFleet(url, options: fleet, filter: fleet.filter(job: job, limit: limit),
                                          json: common.json) } catch { exit(with: error) }
            return
        }
        let catalog: Catalog, job: String?
        do { (catalog, job) = try common.catalog(job: self.job, readOnly: true) } catch { exit(with: error) }
        var runs = try catalog.runs.list(job: job).filter { fleet.admits($0.startedAt) }
        if let limit { runs = Array(runs.prefix(limit)) }
        let counts = try catalog.runs.fileCounts()
        // When this root sends to a fleet catalog: each run's files still waiting, and all rows waiting.
        let queue = try catalog.fleetQueue.settings().map { ($0.url, try catalog.fleetQueue.backlog()) }
        let listings = runs.map { run in
            var listing = RunListing(run, files: counts[run.id] ?? 0)
            listing.unsent = queue.map { $0.1.filesByRun[run.id] ?? 0 }
            return listing
        }
        if common.json {
            for listing in listings { Terminal.out(CatalogCommand.line(listing)) }
            return
        }
        if listings.isEmpty { Terminal.out("(no runs)") }
        for listing in listings { Terminal.out(listing.tableRow) }
        if case let (url, backlog)? = queue {
            Terminal.out("fleet catalog \(url): \(backlog.rows) row(s) waiting to be sent\(backlog.rows > 0 ? " (camsched catalog sync sends them now)" : "")")
        }
    }

    /// `runs --catalog URL`.
    static func runsFleet(_ url: FleetCatalogURL, options: FleetCatalogOptions, filter: FleetQuery.Filter, json: Bool) async throws(CLIFailure) {
        let rows: [FleetRunRow]
        do { rows = try await options.query(url).runs(filter) } catch { throw CLIFailure("\(error)", code: .runtimeFailure) }
        let listings = rows.map { row in
            RunListing(id: row.id, job: row.job, status: row.status, startedAt: row.startedAt, files: row.files,
                       endedAt: row.endedAt, exitCode: row.exitCode, host: row.host, node: row.node)
        }
        if json {
            for listing in listings { Terminal.out(CatalogCommand.line(listing)) }
            return
        }
        if listings.isEmpty { Terminal.out("(no runs)"); return }
        for listing in listings { Terminal.out(listing.tableRow) }
    }
}

import CamschedCore
import ArgumentParser
import CamschedFiling
import CamschedJobs
import Foundation

/// `camsched catalog prune`: the oldest files deleted by a retention policy.
struct CatalogPruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete the oldest files by a retention policy (oldest first; rows stay, marked deleted).",
        discussion: """
            Give at least one of --max-age, --max-size, --min-free. Jobs are pruned in the order of their names; \
            files with a sidecar but no catalog row are adopted first. --dry-run takes the same steps and stops short \
            of deleting, so it lists exactly what the same prune would delete (it counts the space each file would \
            free towards --min-free). --forget-deleted also drops rows of deleted files. --json prints one object per file.
            """)
    @OptionGroup var common: CatalogOptions
    @Option(help: "Delete files older than this (e.g. 30d).") var maxAge: String?
    @Option(help: "Keep each job's files under this total (e.g. 20GB).") var maxSize: String?
    @Option(help: "Delete oldest until the filesystem has this much free (e.g. 1GB).") var minFree: String?
    @Option(help: "Only this job: its name, or its job file (which also gives the root, as --job-file).") var job: String?
    @Flag(help: "Also remove the catalog rows of files deleted before --max-age.") var forgetDeleted = false
    @Flag(help: "List exactly what the same prune would delete, and delete nothing.") var dryRun = false

    func validate() throws {
        if maxAge == nil && maxSize == nil && minFree == nil { throw ValidationError("give --max-age, --max-size or --min-free") }
        if let maxAge, DurationParser.parse(maxAge) == nil { throw ValidationError("--max-age \(maxAge) is not a duration like 30d or 12h") }
        if let maxSize, ByteSizeParser.parse(maxSize) == nil { throw ValidationError("--max-size \(maxSize) is not a size like 20GB") }
        if let minFree, ByteSizeParser.parse(minFree) == nil { throw ValidationError("--min-free \(minFree) is not a size like 1GB") }
    }

    func run() async throws {
        let catalog: Catalog, job: String?
        do { (catalog, job) = try common.catalog(job: self.job, readOnly: false) } catch { exit(with: error) }
        let policy = RetentionPolicy(maxAge: maxAge.flatMap(DurationParser.parse), maxSize: maxSize.flatMap(ByteSizeParser.parse),
                                     minFree: minFree.flatMap(ByteSizeParser.parse))
        let now = Date()
        // One code path for both: the dry run stops short of deleting (see Retention.prune).
        let reports = try Retention.prune(policy, catalog: catalog, jobs: job.map { [$0] }, now: now, dryRun: dryRun)
        var total = 0
        var bytes: Int64 = 0
        for (name, report) in reports.sorted(by: { $0.key < $1.key }) {
            for deletion in report.deleted {
                total += 1
                bytes += deletion.entry.bytes
                if common.json {
                    Terminal.out(CatalogCommand.line(PruneListing(job: name, file: deletion.entry.file, reason: deletion.reason,
                                                                  bytes: deletion.entry.bytes, dryRun: dryRun ? true : nil)))
                } else {
                    Terminal.out("\(dryRun ? "would delete" : "deleted"): \(deletion.entry.file) (\(deletion.reason))")
                }
            }
            for (file, reason) in report.failures.sorted(by: { $0.key < $1.key }) { Terminal.error("could not delete \(file): \(reason)") }
        }
        if forgetDeleted, !dryRun, let age = policy.maxAge {
            let forgotten = try catalog.files.forgetDeleted(before: now.addingTimeInterval(-Double(age.components.seconds)))
            if !common.json { Terminal.out("forgot \(forgotten) deleted row(s)") }
        }
        if !common.json {
            Terminal.out("\(total) file(s), \(bytes) bytes \(dryRun ? "would be deleted (dry run: nothing changed)" : "deleted")")
        }
    }
}

import ArgumentParser
import CamschedFiling
import CamschedScheduler
import Foundation
import Logging

/// `camsched catalog verify`: the root checked against the catalog (`--repair` mends first).
struct CatalogVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that every catalogued file exists with its size and SHA-256, and list files the catalog does not know.",
        discussion: """
            Exit code 0 when everything checks out, 1 otherwise. Without --repair it only reads, and works on a \
            read-only copy of an archive. --repair first recovers *.partial files left by a crash, adopts files \
            that have a sidecar but no catalog row, files again camsched's own files that lost their sidecar (it \
            writes one; `catalog rebuild` also adopts other files without a sidecar), and \
            marks interrupted the runs still recorded as running whose process on this host is gone.
            """)
    @OptionGroup var common: CatalogOptions
    @Flag(help: "Recover *.partial files, adopt files with sidecars but no row, mark killed runs interrupted first.") var repair = false
    @Flag(help: "Check sizes only, not hashes (faster).") var quick = false

    func run() async throws {
        let catalog: Catalog
        do { catalog = try common.open(readOnly: !repair) } catch { exit(with: error) }
        if repair {
            LogSetup.bootstrap()
            let report = PartialRecovery(root: catalog.root, catalog: catalog, logger: Logger(label: "camsched.repair"),
                                         host: ProcessInfo.processInfo.hostName, camschedVersion: CamschedVersion.current,
                                         recover: MediaRecovery.recover).run()
            for file in report.recovered { Terminal.note("recovered \(file.relativePath)") }
            for file in report.discarded { Terminal.note("removed unplayable \(file)") }
            for entry in try catalog.maintenance.adoptFilesWithSidecars() { Terminal.note("adopted \(entry.file) (it had a sidecar but no catalog row)") }
            for entry in try catalog.maintenance.adoptOwnFilesWithoutSidecars() {
                Terminal.note("filed \(entry.file) again (camsched's own, of run \(entry.run); its sidecar was missing and is written)")
            }
            for run in try catalog.runs.markInterrupted() {
                Terminal.note("run \(run.id) of \(run.job) (pid \(run.pid.map(String.init) ?? "?")) was killed before it ended; marked it interrupted")
            }
        }
        let report = try catalog.maintenance.verify(root: catalog.root, checkHashes: !quick)
        if common.json {
            Terminal.out(CatalogCommand.line(VerifyListing(report)))
        } else {
            for entry in report.missing { Terminal.out("missing: \(entry.file)") }
            for mismatch in report.mismatched {
                let what = mismatch.actualBytes != mismatch.entry.bytes
                    ? "size \(mismatch.actualBytes), catalogued \(mismatch.entry.bytes)" : "SHA-256 differs from the catalog"
                Terminal.out("changed: \(mismatch.entry.file) (\(what))")
            }
            for file in report.unknownFiles { Terminal.out("unknown: \(file) (not in the catalog)") }
            for file in report.stalePartials { Terminal.out("partial: \(file) (left by a crash; run verify --repair)") }
            for file in report.partialsInUse { Terminal.out("in progress: \(file)") }
            for (file, reason) in report.unreadable.sorted(by: { $0.key < $1.key }) { Terminal.out("unreadable: \(file): \(reason)") }
            Terminal.out(report.isClean ? "ok: \(report.checked) file(s) checked" : "problems found among \(report.checked) file(s)")
        }
        if !report.isClean { Foundation.exit(1) }
    }
}

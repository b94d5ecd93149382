import ArgumentParser
import CamschedFiling
import Foundation
import Logging

/// `camsched catalog rebuild`: a fresh catalog from the sidecars under the root.
struct CatalogRebuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Build a fresh catalog from the sidecars (and files) under the root.",
        discussion: """
            The old catalog, if any, is moved aside as catalog.sqlite.old-TIMESTAMP. Every file with a sidecar gets \
            its row from the sidecar; files without one are adopted with what probing them shows (size, SHA-256, \
            picture size, and for camsched's movies the job and run from their tags). Runs the old catalog knew keep \
            their rows when it can still be read; other runs are rebuilt from the sidecars' run ids (done, or \
            interrupted when a file of theirs was recovered). Rows of deleted files stay in the old catalog only.
            """)
    @OptionGroup var common: CatalogOptions

    func run() async throws {
        LogSetup.bootstrap()
        let root: URL
        do { root = try common.rootURL() } catch { exit(with: error) }
        guard FileManager.default.fileExists(atPath: root.path) else {
            exit(with: CLIFailure("no folder \(root.path); give the job's output root with --root", code: .invalidInput))
        }
        // Without --root or --job-file the current folder is only a guess: a catalog made there
        // of whatever pictures it holds (a home folder) helps nobody.
        if common.root == nil, common.jobFile == nil,
           !FileManager.default.fileExists(atPath: root.appendingPathComponent(Catalog.fileName).path), !NearbyCatalogs.scan(root).sidecars {
            exit(with: CLIFailure(common.missingCatalog(root) + "; nothing here was filed by camsched, so no catalog is built here",
                                  code: .invalidInput))
        }
        let report: CatalogRebuildReport
        do {
            report = try Catalog.rebuild(root: root, logger: Logger(label: "camsched.catalog"))
        } catch {
            exit(with: CLIFailure("cannot rebuild the catalog: \(error)", code: .runtimeFailure))
        }
        if common.json {
            Terminal.out(CatalogCommand.line(RebuildListing(
                root: root.path, files: report.files, fromSidecars: report.fromSidecars, adopted: report.adopted,
                runs: report.runs, warnings: report.warnings, movedAside: report.movedAside)))
            return
        }
        if let aside = report.movedAside { Terminal.out("moved the old catalog aside as \(root.path)/\(aside)") }
        Terminal.out("rebuilt \(root.path)/\(Catalog.fileName): \(report.files) file(s) (\(report.fromSidecars) from sidecars, "
            + "\(report.adopted) adopted without one), \(report.runs) run(s)")
    }
}

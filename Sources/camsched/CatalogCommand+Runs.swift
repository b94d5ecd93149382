import ArgumentParser
import CamschedFiling
import Foundation

extension CatalogCommand {
    struct Runs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "runs",
            abstract: "List runs with their status (running, done, failed, skipped, interrupted), newest first.",
            discussion: """
                A run killed before it ended (SIGKILL, a crash, a power cut) shows `interrupted` once camsched has \
                started again on the root. Only reads: works on a read-only copy of an archive.
                """)
        @OptionGroup var common: CommonOptions
        @Option(help: "Only this job.") var job: String?
        @Option(help: "At most this many runs.") var limit: Int?

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit \(limit) must be at least 1") }
        }

        func run() async throws {
            let catalog: Catalog
            do { catalog = try common.open(readOnly: true) } catch { exit(with: error) }
            let runs = try catalog.runs(job: job, limit: limit)
            let counts = try catalog.fileCounts()
            if common.json {
                for run in runs { Terminal.out(CatalogCommand.line(Self.object(run, files: counts[run.id] ?? 0))) }
                return
            }
            if runs.isEmpty { Terminal.out("(no runs)"); return }
            for run in runs {
                let ended = run.endedAt.map(RFC3339Timestamp.string(from:)) ?? "-"
                let exit = run.exitCode.map { "exit \($0)" } ?? "-"
                Terminal.out("\(run.id)\t\(run.status.rawValue)\t\(run.job)\t\(RFC3339Timestamp.string(from: run.startedAt))\t\(ended)\t\(exit)\t\(counts[run.id] ?? 0) file(s)")
            }
        }

        static func object(_ run: CatalogRun, files: Int) -> [String: Any] {
            var object: [String: Any] = [
                "id": run.id, "job": run.job, "status": run.status.rawValue,
                "startedAt": RFC3339Timestamp.string(from: run.startedAt), "files": files,
            ]
            if let ended = run.endedAt { object["endedAt"] = RFC3339Timestamp.string(from: ended) }
            if let code = run.exitCode { object["exitCode"] = code }
            if let host = run.host { object["host"] = host }
            if let pid = run.pid { object["pid"] = pid }
            return object
        }
    }
}

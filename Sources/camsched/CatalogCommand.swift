import ArgumentParser
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import Foundation
import Logging

/// `camsched catalog list|show|verify|prune`: the SQLite catalog of everything filed.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List, show, verify and prune the catalog of filed files (ROOT/catalog.sqlite).",
        subcommands: [List.self, Show.self, Verify.self, Prune.self])

    /// `--root` and `--json`, shared by every catalog command.
    struct CommonOptions: ParsableArguments {
        @Option(help: "The output root holding catalog.sqlite (default: ./captures if it exists, else .).")
        var root: String?

        @Flag(help: "Print JSON (one object per line for lists).")
        var json = false

        var rootURL: URL {
            if let root { return URL(fileURLWithPath: root).standardizedFileURL }
            let captures = URL(fileURLWithPath: "captures").standardizedFileURL
            if FileManager.default.fileExists(atPath: captures.appendingPathComponent(Catalog.fileName).path) { return captures }
            return URL(fileURLWithPath: ".").standardizedFileURL
        }

        func open() throws(CLIFailure) -> Catalog {
            let root = rootURL
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Catalog.fileName).path) else {
                throw CLIFailure("no catalog at \(root.path)/\(Catalog.fileName); give the job's output root with --root", code: .invalidInput)
            }
            do { return try Catalog.open(root: root) } catch {
                throw CLIFailure("cannot open the catalog: \(error)", code: .runtimeFailure)
            }
        }
    }

    static func line(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func object(_ entry: CatalogEntry) -> [String: Any] {
        var object: [String: Any] = [
            "id": entry.id, "job": entry.job, "run": entry.run, "kind": entry.kind, "file": entry.file, "bytes": entry.bytes,
            "sha256": entry.sha256, "startedAt": RFC3339Timestamp.string(from: entry.startedAt),
            "endedAt": RFC3339Timestamp.string(from: entry.endedAt), "recovered": entry.recovered,
        ]
        if let deleted = entry.deletedAt {
            object["deletedAt"] = RFC3339Timestamp.string(from: deleted)
            object["deletedReason"] = entry.deletedReason ?? ""
        }
        return object
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List catalogued files, oldest first.")
        @OptionGroup var common: CommonOptions
        @Option(help: "Only this job.") var job: String?
        @Option(help: "Only this run id.") var run: String?
        @Flag(help: "Include files that retention (or prune) deleted.") var deleted = false

        func run() async throws {
            let catalog: Catalog
            do { catalog = try common.open() } catch { exit(with: error) }
            var entries = try catalog.list(job: job, includeDeleted: deleted)
            if let run { entries = entries.filter { $0.run == run } }
            if common.json {
                for entry in entries { Terminal.out(CatalogCommand.line(CatalogCommand.object(entry))) }
                return
            }
            if entries.isEmpty { Terminal.out("(no files)"); return }
            for entry in entries {
                let state = entry.deletedAt != nil ? "  [deleted]" : (entry.recovered ? "  [recovered]" : "")
                Terminal.out("\(entry.id)\t\(RFC3339Timestamp.string(from: entry.startedAt))\t\(entry.kind)\t\(entry.bytes)\t\(entry.file)\(state)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one file's metadata (by id or by path relative to the root).")
        @OptionGroup var common: CommonOptions
        @Argument(help: "A catalog id or a file path relative to the root.") var file: String

        func run() async throws {
            let catalog: Catalog
            do { catalog = try common.open() } catch { exit(with: error) }
            let entry = try Int64(file).flatMap { try catalog.entry(id: $0) } ?? catalog.entry(file: file)
            guard let entry else { exit(with: CLIFailure("no catalogued file \(file)", code: .invalidInput)) }
            let sidecar = try entry.sidecar()
            Terminal.out(String(decoding: try sidecar.jsonData(), as: UTF8.self))
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that every catalogued file exists with its size and SHA-256, and list files the catalog does not know.",
            discussion: "Exit code 0 when everything checks out, 1 otherwise. --repair first recovers *.partial files left by a crash.")
        @OptionGroup var common: CommonOptions
        @Flag(help: "Recover *.partial files first (what plays is kept, catalogued as recovered).") var repair = false
        @Flag(help: "Check sizes only, not hashes (faster).") var quick = false

        func run() async throws {
            let catalog: Catalog
            do { catalog = try common.open() } catch { exit(with: error) }
            if repair {
                LogSetup.bootstrap()
                let report = PartialRecovery(root: catalog.root, catalog: catalog, logger: Logger(label: "camsched.repair"),
                                             host: ProcessInfo.processInfo.hostName, camschedVersion: CamschedVersion.current,
                                             recover: MediaRecovery.recover).run()
                for file in report.recovered { Terminal.note("recovered \(file.relativePath)") }
                for file in report.discarded { Terminal.note("removed unplayable \(file)") }
            }
            let report = try catalog.verify(root: catalog.root, checkHashes: !quick)
            if common.json {
                Terminal.out(CatalogCommand.line([
                    "checked": report.checked, "clean": report.isClean,
                    "missing": report.missing.map(\.file),
                    "mismatched": report.mismatched.map { ["file": $0.entry.file, "bytes": $0.entry.bytes, "actualBytes": $0.actualBytes,
                                                           "sha256": $0.entry.sha256, "actualSHA256": $0.actualSHA256 ?? ""] },
                    "unknown": report.unknownFiles, "partials": report.stalePartials, "partialsInUse": report.partialsInUse,
                    "unreadable": report.unreadable,
                ]))
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

    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete the oldest files by a retention policy (oldest first; rows stay, marked deleted).",
            discussion: "Give at least one of --max-age, --max-size, --min-free. --forget-deleted also drops rows of deleted files.")
        @OptionGroup var common: CommonOptions
        @Option(help: "Delete files older than this (e.g. 30d).") var maxAge: String?
        @Option(help: "Keep each job's files under this total (e.g. 20GB).") var maxSize: String?
        @Option(help: "Delete oldest until the filesystem has this much free (e.g. 1GB).") var minFree: String?
        @Option(help: "Only this job.") var job: String?
        @Flag(help: "Also remove the catalog rows of files deleted before --max-age.") var forgetDeleted = false
        @Flag(help: "Show what would be deleted without deleting.") var dryRun = false

        func validate() throws {
            if maxAge == nil && maxSize == nil && minFree == nil { throw ValidationError("give --max-age, --max-size or --min-free") }
            if let maxAge, DurationParser.parse(maxAge) == nil { throw ValidationError("--max-age \(maxAge) is not a duration like 30d or 12h") }
            if let maxSize, ByteSizeParser.parse(maxSize) == nil { throw ValidationError("--max-size \(maxSize) is not a size like 20GB") }
            if let minFree, ByteSizeParser.parse(minFree) == nil { throw ValidationError("--min-free \(minFree) is not a size like 1GB") }
        }

        func run() async throws {
            let catalog: Catalog
            do { catalog = try common.open() } catch { exit(with: error) }
            let policy = RetentionPolicy(maxAge: maxAge.flatMap(DurationParser.parse), maxSize: maxSize.flatMap(ByteSizeParser.parse),
                                         minFree: minFree.flatMap(ByteSizeParser.parse))
            if dryRun {
                let cutoff = policy.maxAge.map { Date().addingTimeInterval(-(Double($0.components.seconds))) }
                let entries = try catalog.list(job: job).filter { entry in cutoff.map { entry.startedAt < $0 } ?? false }
                for entry in entries { Terminal.out("would delete: \(entry.file)") }
                return
            }
            let reports = try Retention.prune(policy, catalog: catalog, jobs: job.map { [$0] }, now: Date())
            var total = 0
            for (name, report) in reports.sorted(by: { $0.key < $1.key }) {
                for deletion in report.deleted {
                    total += 1
                    if common.json {
                        Terminal.out(CatalogCommand.line(["job": name, "file": deletion.entry.file, "reason": deletion.reason]))
                    } else {
                        Terminal.out("deleted: \(deletion.entry.file) (\(deletion.reason))")
                    }
                }
                for (file, reason) in report.failures { Terminal.error("could not delete \(file): \(reason)") }
            }
            if forgetDeleted, let age = policy.maxAge {
                let forgotten = try catalog.forgetDeleted(before: Date().addingTimeInterval(-Double(age.components.seconds)))
                if !common.json { Terminal.out("forgot \(forgotten) deleted row(s)") }
            }
            if !common.json { Terminal.out("\(total) file(s) deleted") }
        }
    }
}

import ArgumentParser
import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import Foundation
import Logging

/// `camsched catalog list|show|verify|prune`: the SQLite catalog of everything filed.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List, show, verify, prune and rebuild the catalog of filed files (ROOT/catalog.sqlite).",
        discussion: """
            The catalog is derived data: the sidecars are the truth, and `catalog rebuild` makes a new catalog \
            from them. list, show, runs and verify only read, and work on a read-only copy of an archive. \
            The root: --job-file JOB.json (the job's output.root, resolved as `camsched run JOB.json` resolves it: \
            relative to the job file, or to $STATE_DIRECTORY), --root DIR, or else ./captures if it holds a catalog, \
            else the current folder. The end of every run prints the command that lists what it filed. \
            With --catalog postgres://USER@HOST/DATABASE, list, show and runs read the fleet catalog of every node; \
            sync sends the rows waiting for it now.
            """,
        subcommands: [List.self, Show.self, Runs.self, Verify.self, Prune.self, Rebuild.self, Sync.self])

    /// `--root` or `--job-file`, and `--json`, shared by every catalog command.
    struct CommonOptions: ParsableArguments {
        @Option(help: ArgumentHelp(
            "The output root holding catalog.sqlite (default: ./captures if it holds a catalog, else .).",
            valueName: "dir"))
        var root: String?

        @Option(name: .customLong("job-file"), help: ArgumentHelp(
            "A job file: its output root, resolved exactly as `camsched run` resolves it (relative to the job file, or to $STATE_DIRECTORY).",
            valueName: "file"))
        var jobFile: String?

        @Flag(help: "Print JSON (one object per line for lists).")
        var json = false

        func validate() throws {
            if root != nil, jobFile != nil { throw ValidationError("give --root or --job-file, not both") }
        }

        /// The output root: `--root`, the root of `--job-file`, else `./captures` when it holds
        /// a catalog, else the current directory.
        func rootURL() throws(CLIFailure) -> URL { try Self.outputRoot(root: root, jobFile: jobFile) }

        /// The output root of `--root` or `--job-file` (given one at most), else `./captures`
        /// when it holds a catalog, else the current directory: every command that reads a
        /// catalog (`catalog …`, `assemble`) finds it the same way.
        static func outputRoot(root: String?, jobFile: String?) throws(CLIFailure) -> URL {
            if let root { return URL(fileURLWithPath: root).standardizedFileURL }
            if let jobFile { return try JobLoading.load(jobFile).output.root.standardizedFileURL }
            let captures = URL(fileURLWithPath: "captures").standardizedFileURL
            if FileManager.default.fileExists(atPath: captures.appendingPathComponent(Catalog.fileName).path) { return captures }
            return URL(fileURLWithPath: ".").standardizedFileURL
        }

        /// `--job` of list, runs and prune names a job. A job file given there instead (a path
        /// with a `/`, or an existing `*.json`/`*.yaml`/`*.yml` file) is taken as `--job-file`,
        /// and its job's name as the filter.
        /// - Returns: the job name to filter by.
        mutating func takeJobFile(from job: String?) throws(CLIFailure) -> String? {
            guard let job, root == nil, jobFile == nil, Self.looksLikeJobFile(job) else { return job }
            let loaded = try JobLoading.load(job)
            jobFile = job
            return loaded.name
        }

        /// The catalog of the place these options name and the job-name filter, where `--job`
        /// may be a job file (which then gives the root too): what `list`, `runs` and `prune` open.
        func catalog(job: String?, readOnly: Bool) throws(CLIFailure) -> (catalog: Catalog, job: String?) {
            var place = self
            let name = try place.takeJobFile(from: job)
            return (try place.open(readOnly: readOnly), name)
        }

        static func looksLikeJobFile(_ value: String) -> Bool {
            if value.contains("/") { return true }
            let ext = (value as NSString).pathExtension.lowercased()
            return ["json", "yaml", "yml"].contains(ext) && FileManager.default.fileExists(atPath: value)
        }

        /// Opens the catalog of ``rootURL()``; `readOnly` for commands that only read (they then
        /// work on read-only folders and filesystems, and never create or migrate anything).
        func open(readOnly: Bool) throws(CLIFailure) -> Catalog {
            let root = try rootURL()
            let path = root.appendingPathComponent(Catalog.fileName).path
            do throws(CatalogError) {
                if !readOnly, !FileManager.default.fileExists(atPath: path) { throw CatalogError.missing(path: path) }
                return try Catalog.open(root: root, readOnly: readOnly)
            } catch {
                if case .missing = error { throw CLIFailure(missingCatalog(root), code: .invalidInput) }
                throw CLIFailure("cannot open the catalog: \(error)", code: .runtimeFailure)
            }
        }

        /// Says where no catalog was found and how to point at a job's root: a catalog in a
        /// folder above or below is named; a rebuild is advised only for a folder that holds
        /// files camsched filed (sidecars) and no catalog anywhere below.
        func missingCatalog(_ root: URL) -> String {
            let how = self.root == nil && jobFile == nil ? " (no --root or --job-file given, and ./captures holds no catalog)" : ""
            var text = "no catalog in \(root.path)\(how)"
            let found = CatalogCommand.nearbyCatalogs(root)
            if !found.isEmpty {
                return text + "; there is one here: " + found.map { "`camsched catalog list --root \(ShellWord.quoted($0.path))`" }
                    .joined(separator: ", ")
            }
            text += ". A job files under its output.root, relative to the job file: `camsched catalog list --job-file JOB.json` finds it, "
                + "or give the folder with --root DIR"
            if jobFile == nil, CatalogCommand.scan(root).sidecars {
                text += "; this folder holds files camsched filed: `camsched catalog rebuild --root \(ShellWord.quoted(root.path))` makes their catalog"
            }
            return text
        }
    }

    /// Folders above `folder`, or below it (at most 20,000 entries looked at), that hold a catalog.
    static func nearbyCatalogs(_ folder: URL) -> [URL] {
        var above = folder.deletingLastPathComponent()
        while above.path != "/", above.path != folder.path {
            if FileManager.default.fileExists(atPath: above.appendingPathComponent(Catalog.fileName).path) { return [above] }
            above = above.deletingLastPathComponent()
        }
        return Array(scan(folder).catalogs.prefix(3))
    }

    /// What a quick look below `folder` finds (a few levels deep, at most 20,000 entries): the
    /// folders holding a catalog, and whether there is a camsched sidecar (`NAME.EXT.json` beside `NAME.EXT`).
    static func scan(_ folder: URL) -> (catalogs: [URL], sidecars: Bool) {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ([], false) }
        var (catalogs, sidecars, seen) = ([URL](), false, 0)
        while let item = walker.nextObject() as? String, seen < 20_000 {
            seen += 1
            if walker.level > 5 { walker.skipDescendants() }
            if (item as NSString).lastPathComponent == Catalog.fileName {
                catalogs.append(folder.appendingPathComponent((item as NSString).deletingLastPathComponent).standardizedFileURL)
                continue
            }
            guard !sidecars, item.hasSuffix(".json") else { continue }
            let media = String(item.dropLast(5))
            if ["jpg", "jpeg", "png", "webp", "mp4", "mkv"].contains((media as NSString).pathExtension.lowercased()),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent(media).path) { sidecars = true }
        }
        return (catalogs, sidecars)
    }

    /// One `--json` line: the document as every camsched document is written (``JSONDocument``).
    static func line(_ document: some Encodable) -> String { JSONDocument.line(document) }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List catalogued files, oldest first.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var fleet: FleetOptions
        @Option(help: "Only this job: its name, or its job file (which also gives the root, as --job-file).") var job: String?
        @Option(help: "Only this run id.") var run: String?
        @Flag(help: "Include files that retention (or prune) deleted.") var deleted = false

        func run() async throws {
            if let url = fleet.url {
                do { try await CatalogCommand.listFleet(url, options: fleet, filter: fleet.filter(job: job, run: run, deleted: deleted),
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
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one file's metadata (by id or by path relative to the root).")
        @OptionGroup var common: CommonOptions
        @OptionGroup var fleet: FleetOptions
        @Argument(help: "A catalog id or a file path relative to the root.") var file: String

        func run() async throws {
            if let url = fleet.url {
                do { try await CatalogCommand.showFleet(url, options: fleet, file: file) } catch { exit(with: error) }
                return
            }
            let catalog: Catalog
            do { catalog = try common.open(readOnly: true) } catch { exit(with: error) }
            let entry = try Int64(file).flatMap { try catalog.files.entry(id: $0) } ?? catalog.files.entry(file: file)
            guard let entry else { exit(with: CLIFailure("no catalogued file \(file)", code: .invalidInput)) }
            let sidecar = try entry.sidecar()
            Terminal.out(String(decoding: try sidecar.jsonData(), as: UTF8.self))
        }
    }
}

import ArgumentParser
import CamschedCore
import CamschedFiling
import CamschedJobs
import Foundation

/// `--root` or `--job-file`, and `--json`, shared by every catalog command.
struct CatalogOptions: ParsableArguments {
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
        let found = NearbyCatalogs.near(root)
        if !found.isEmpty {
            return text + "; there is one here: " + found.map { "`camsched catalog list --root \(ShellWord.quoted($0.path))`" }
                .joined(separator: ", ")
        }
        text += ". A job files under its output.root, relative to the job file: `camsched catalog list --job-file JOB.json` finds it, "
            + "or give the folder with --root DIR"
        if jobFile == nil, NearbyCatalogs.scan(root).sidecars {
            text += "; this folder holds files camsched filed: `camsched catalog rebuild --root \(ShellWord.quoted(root.path))` makes their catalog"
        }
        return text
    }
}

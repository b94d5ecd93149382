import ArgumentParser
import CamschedFiling
import CamschedReport
import CamschedScheduler
import Foundation

/// `camsched report RUN_ID|DIR [-o FILE.html|FILE.png]`: one run as a self-contained HTML
/// page, or its contact sheet as a PNG.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report of one run (contact sheet, charts, files), or its contact sheet as a PNG.",
        discussion: """
            RUN_ID is looked up in the catalog under --root (`camsched catalog runs` lists the ids). A folder instead \
            is read through its sidecars alone (NAME.EXT.json beside each file), with no catalog; when it holds \
            several runs, --run chooses one.

            The HTML file has everything inline: thumbnails as JPEG data: URIs, charts as SVG (frame rate, dropped \
            frames, pressure level, the lateness histogram of an interval run), the table of files (size, duration, \
            SHA-256, interruptions). It loads nothing and runs no script, so it opens offline and can be mailed.

            The contact sheet shows every still and, of each video, a frame every 1, 2, 5, 10, 15, 30 s… (the \
            shortest period that keeps the run within 100 pictures); at most 100 pictures in all, spread evenly \
            over the run, each at most 320x320 pixels, 5 per row. -o FILE.png writes that sheet alone (at most \
            1648x6568 pixels). A file that cannot be read is skipped and named in the report's notes.
            """)

    @Argument(help: ArgumentHelp(
        "A run id from the catalog (`camsched catalog runs`), or a folder of filed files and their sidecars.",
        valueName: "run-id-or-dir"))
    var source: String

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The file to write: .html for the report, .png for the contact sheet alone (default: report-RUN_ID.html).",
        valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp(
        "The output root holding catalog.sqlite, to look up a run id (default: ./captures if it exists, else .).",
        valueName: "dir"))
    var root: String?

    @Option(help: ArgumentHelp("With a folder holding several runs' files: the run to report.", valueName: "id"))
    var run: String?

    enum Output { case html, png }

    func validate() throws {
        if let output {
            if output.isEmpty { throw ValidationError("-o must not be empty; name the .html or .png file to write") }
            guard Self.kind(of: output) != nil else {
                throw ValidationError("-o \(output): camsched writes an HTML report (.html) or a PNG contact sheet (.png); name the file so")
            }
        }
        if source.isEmpty { throw ValidationError("name a run id (see `camsched catalog runs`) or a folder of sidecars") }
    }

    static func kind(of path: String) -> Output? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "html", "htm": .html
        case "png": .png
        default: nil
        }
    }

    func run() async throws {
        let report: RunReport
        do { report = try load() } catch {
            exit(with: CLIFailure(error.description, code: error.isInvalidInput ? .invalidInput : .runtimeFailure))
        }
        let target = URL(fileURLWithPath: output ?? "report-\(Self.safeName(report.runID)).html")
        let data: Data
        var problems = report.notes
        switch Self.kind(of: target.path) ?? .html {
        case .html:
            let html = ReportBuilder.html(report, generator: "camsched \(CamschedVersion.current)")
            data = Data(html.page.utf8)
            problems = html.problems
        case .png:
            do {
                let sheet = try ReportBuilder.contactSheetPNG(report)
                data = sheet.png
                problems = sheet.problems
            } catch let error as ReportError {
                exit(with: CLIFailure(error.description, code: .invalidInput))
            } catch {
                exit(with: CLIFailure("cannot make the contact sheet: \(error)", code: .runtimeFailure))
            }
        }
        do {
            // The filer's atomic replace: a report being rewritten is never seen half written.
            try AtomicReplace.write(data, to: target.standardizedFileURL.path)
        } catch {
            exit(with: CLIFailure(ReportError.write(path: target.path, message: "\(error)").description, code: .runtimeFailure))
        }
        for problem in problems { Terminal.note("skipped: \(problem)") }
        Terminal.out(target.path)
    }

    private func load() throws(ReportError) -> RunReport {
        let path = URL(fileURLWithPath: source).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .badSource("\(source) is a file: pass a run id (see `camsched catalog runs`) or the folder holding the run's files")
            }
            return try RunReportLoader.load(directory: path, run: run)
        }
        if source.contains("/") { throw .badSource("no folder \(source): pass an existing folder, or a run id (see `camsched catalog runs`)") }
        if let run, run != source { throw .badSource("--run \(run) chooses a run in a folder; \(source) is a run id: pass one or the other") }
        return try RunReportLoader.load(runID: source, root: rootURL)
    }

    private var rootURL: URL {
        if let root { return URL(fileURLWithPath: root).standardizedFileURL }
        let captures = URL(fileURLWithPath: "captures").standardizedFileURL
        if FileManager.default.fileExists(atPath: captures.appendingPathComponent(Catalog.fileName).path) { return captures }
        return URL(fileURLWithPath: ".").standardizedFileURL
    }

    /// A run id as a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`.
    static func safeName(_ id: String) -> String {
        let kept = id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_" }
        let name = String(kept).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return name.isEmpty ? "run" : String(name.prefix(100))
    }
}

import ArgumentParser
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// `camsched assemble DIR|RUN_ID -o FILE.mp4 [--fps N] [--deflicker]`: a video from a run's stills.
struct AssembleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Make a time-lapse video from stills: a folder of them, or a run id from the catalog.",
        discussion: """
            A folder's JPEG/PNG/WebP files are taken in name order (camsched's names sort by time). A run id is \
            looked up in the catalog under --root (or the root of --job-file, as the catalog commands find it). Stills of another size are scaled to the first one's size.

            --deflicker evens out the brightness from frame to frame: each still's mean luma is measured \
            and the frame is scaled (luma and colour alike) to the weighted geometric mean of the 15 \
            frames around it, by at most a factor of 4 either way. Slow changes such as a sunset stay; \
            the flicker of a camera's own auto exposure goes. The stills themselves are only read.
            """)

    @Argument(help: "A folder of stills, or a run id (see `camsched catalog list`).")
    var source: String

    @Option(name: .shortAndLong, help: "The video to write: .mp4 or .mkv (other extensions are refused).")
    var output: String

    @Option(help: "Frames per second of the video, 0.1 to 240.")
    var fps = 30.0

    @Flag(help: "Even out the brightness over a sliding window of 15 frames (the stills are not changed).")
    var deflicker = false

    @Flag(help: "Put an MP4's index at the front, for serving to browsers over slow links (one more pass over the file).")
    var faststart = false

    @Option(help: ArgumentHelp("The output root holding catalog.sqlite, to look up a run id (default: ./captures if it holds a catalog, else .).",
                               valueName: "dir"))
    var root: String?

    @Option(name: .customLong("job-file"), help: ArgumentHelp(
        "A job file: its output root, resolved exactly as `camsched run` resolves it, to look up a run id.", valueName: "file"))
    var jobFile: String?

    func validate() throws {
        // `contains` is false for NaN; the lower bound keeps frame times (1e9 / fps) in range.
        if !JobLimits.assembleFrameRate.contains(fps) { throw ValidationError("--fps must be from 0.1 to 240, found \(fps)") }
        if output.isEmpty { throw ValidationError("--output must not be empty; name the video to write") }
        if root != nil, jobFile != nil { throw ValidationError("give --root or --job-file, not both") }
        // An MP4 is finished by writing back at its head: it is only ever a file,
        // never streamed into a device or pipe, and never made beside one (/dev/full.mp4).
        var status = stat()
        if output.hasSuffix("/") || (stat(output, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG) {
            throw ValidationError("-o \(output) is not a file to write: name the video file (.mp4 or .mkv)")
        }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        if !["", "mp4", "mkv"].contains(ext) {
            // Never an MP4 under another format's name: players trust the extension.
            throw ValidationError("""
                -o \(output): camsched writes MP4 or Matroska videos; name the file .mp4 or .mkv \
                (for a GIF: ffmpeg -i run.mp4 run.gif)
                """)
        }
    }

    func run() async throws {
        let images: [URL]
        var isDir: ObjCBool = false
        let path = URL(fileURLWithPath: source).standardizedFileURL
        if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDir), isDir.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path.path)) ?? []
            images = names.filter { ["jpg", "jpeg", "png", "webp"].contains(($0 as NSString).pathExtension.lowercased()) }
                .filter { !$0.contains("/latest.") && !$0.hasPrefix("latest.") }
                .sorted().map { path.appendingPathComponent($0) }
        } else {
            let rootURL: URL
            do { rootURL = try CatalogOptions.outputRoot(root: root, jobFile: jobFile) } catch { exit(with: error) }
            guard let catalog = try? Catalog.open(root: rootURL, readOnly: true),
                  let entries = try? catalog.files.list().filter({ $0.run == source && ($0.kind == "still" || $0.kind == "burst") }) else {
                exit(with: CLIFailure("\(source) is neither a folder nor a run in the catalog under \(rootURL.path)", code: .invalidInput))
            }
            images = entries.sorted { $0.startedAt < $1.startedAt }.map { rootURL.appendingPathComponent($0.file) }
        }
        guard images.count >= 1 else {
            exit(with: CLIFailure("no stills (JPEG, PNG, WebP) found in \(source)", code: .invalidInput))
        }
        let target = URL(fileURLWithPath: output).standardizedFileURL
        do {
            let filer = FileFiler(root: target.deletingLastPathComponent())
            let ext = target.pathExtension.isEmpty ? "mp4" : target.pathExtension
            let partial = try filer.reservePartial(relativePath: target.deletingPathExtension().lastPathComponent, extension: ext)
            let stats: TimelapseStats
            do {
                stats = try TimelapseAssembler.assemble(images: images, fps: fps, output: partial.url, deflicker: deflicker, faststart: faststart)
            } catch {
                filer.abandon(partial)
                throw error
            }
            let location = try filer.commit(partial)
            let evened = stats.largestCorrectionEV.map { String(format: ", deflickered (largest correction %.2f EV)", $0) } ?? ""
            Terminal.note("camsched: wrote \(location.url.path): \(stats.frames) frames at \(fps) fps from \(images.count) still(s)\(evened)")
        } catch {
            exit(with: CLIFailure("could not assemble: \(error)", code: .runtimeFailure))
        }
    }
}

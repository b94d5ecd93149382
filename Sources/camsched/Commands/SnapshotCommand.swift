import CamschedCore
import ArgumentParser
import CamschedCapture
import CamschedFiling
import CamschedMedia
import CamschedScheduler
import Foundation
import Logging

/// `camsched snapshot`: one still, now.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Take one still now.",
        discussion: """
            The file is written beside its final name as FILE.partial and renamed when complete; an existing \
            file is not overwritten (-1, -2, … is added) unless --overwrite is given. A network camera that needs \
            a login gets it from CAMSCHED_CAMERA_CREDENTIALS (user:password); never write it into the URI.
            """)

    @Option(help: "The camera (auto, /dev/videoN, /dev/v4l/by-id/…, name:TEXT, libcamera:[ID], test:, file:PATH, rtsp://…, http://…).")
    var device = "auto"

    @Option(help: "WIDTHxHEIGHT, or photo (largest), high, 1080p, 720p, 480p. Default: the camera's current size.")
    var size: String?

    @Option(help: "jpeg (or jpg), png or webp. Default: what the -o name's extension says, else jpeg.")
    var format: StillFormat?

    @Option(help: "Quality from 1 to 100 (JPEG and WebP).")
    var quality = 90

    @Option(help: "Discard frames for this many seconds first (0 to 60), so exposure settles. Default: 0.5, none for a file: source.")
    var warmup: Double?

    @Option(name: .shortAndLong, help: """
        Where to write the still (default: snapshot-DATE-TIME.EXT here). An existing folder, or a path ending \
        in "/", gets the default name inside it; a name without extension gets the format's (-o now: now.jpg). \
        A device or FIFO (/dev/stdout) is written into as it is.
        """)
    var output: String?

    @Flag(help: "Replace the --output file if it exists, instead of adding -1, -2, ….")
    var overwrite = false

    @OptionGroup var logging: LoggingOptions

    /// The options as plain values (what the fast path of ``Camsched/main()`` reads too).
    var arguments: SnapshotArguments {
        var values = SnapshotArguments()
        values.device = device
        values.size = size
        values.format = format
        values.quality = quality
        values.warmup = warmup
        values.output = output
        values.overwrite = overwrite
        return values
    }

    func validate() throws {
        if let problem = arguments.problem() { throw ValidationError(problem) }
    }

    func run() async throws {
        SnapshotCommand.take(arguments, logLevel: logging.logLevel)
    }

    /// Takes the still `arguments` ask for and files it; exits on failure.
    static func take(_ arguments: SnapshotArguments, logLevel: Logger.Level?) {
        LogSetup.bootstrap(level: .warning, option: logLevel)
        let logger = Logger(label: "camsched.snapshot")
        var request = CameraRequest()
        request.purpose = .still
        if let size = arguments.size, let parsed = SizeArgument(size) { request.size = parsed.request }
        let signals = stopOnSignals(device: arguments.device)
        // Holds the signal sources as long as the camera may wait.
        let cancelled: @Sendable () -> Bool = { signals?.stop.isRequested ?? false }
        let camera: Camera
        do { camera = try DeviceSelector.open([arguments.device], oneStill: true, cancelled: cancelled) } catch {
            exitIfStopped(signals)
            if case .invalidURI = error { exit(with: CLIFailure(error.description, code: .invalidInput)) }
            exit(with: CLIFailure(camera: error))
        }
        // One frame is kept: the fewest driver buffers (`oneStill`), no capture thread, and of
        // the controls only those EXIF reads (a snapshot has no sidecar listing them all).
        let session = CaptureSession(camera: camera, logger: logger)
        let frame: VideoFrame
        do throws(CameraError) {
            try session.configure(request)
            let warmup = Duration.milliseconds(Int64(arguments.warmupSeconds * 1000))
            guard try session.start(warmup: warmup, controls: .exif, deliverFrames: false, cancelled: cancelled),
                  let taken = try session.takeFrame(timeout: CaptureSession.watchdog(fps: session.format?.fps ?? 30)) else {
                throw CameraError.timeout(path: camera.identity.path, seconds: 2)
            }
            frame = taken
        } catch {
            session.close()
            exitIfStopped(signals)
            if case .unsupportedMode = error { exit(with: CLIFailure(error.description, code: .invalidInput)) }
            exit(with: CLIFailure(camera: error))
        }
        file(frame, camera: camera, session: session, arguments: arguments)
    }

    /// SIGINT and SIGTERM as a stop, for a network camera: its open and its frames are waits of
    /// seconds on a server, which a stop ends at once (exit 130/143, nothing written). Other
    /// cameras keep the signals' default (the process ends at once: it has nothing to finish),
    /// and their snapshot starts no signal handling it would not use.
    private static func stopOnSignals(device: String) -> SignalStop? {
        guard (try? DeviceURI(parsing: device))?.kind == .network else { return nil }
        return SignalStop()
    }

    /// Exits with 130/143 when a signal stopped the snapshot.
    private static func exitIfStopped(_ signals: SignalStop?) {
        guard let code = signals?.exitCode else { return }
        Terminal.note("camsched: stopped before a frame was taken; nothing was written")
        Foundation.exit(code.rawValue)
    }

    /// Encodes `frame` (with EXIF for a JPEG), closes the camera and writes the still.
    private static func file(_ frame: VideoFrame, camera: Camera, session: CaptureSession, arguments: SnapshotArguments) {
        let (format, quality, overwrite) = (arguments.stillFormat, arguments.quality, arguments.overwrite)
        let data: Data
        do {
            // The time zone nil: the system's local time by glibc, without setting up ICU's.
            let exif = ExifFields(frame: frame, timeZone: nil, driver: camera.identity.driver,
                                  card: camera.identity.card, job: nil, run: nil, version: CamschedVersion.current)
            data = try StillEncoder().still(frame, format: format, quality: quality, exif: exif)
        } catch {
            session.close()
            exit(with: CLIFailure("could not encode the still: \(error)", code: .runtimeFailure))
        }
        // The frame may point into a driver buffer: close only once it has been encoded.
        session.close()
        if let device = SnapshotDevice(output: arguments.output) {
            if let problem = device.write(data) { exit(with: CLIFailure(problem, code: .runtimeFailure)) }
            Terminal.note("camsched: wrote \(device.path) (\(frame.width)x\(frame.height), \(data.count) bytes)")
            return
        }
        let target = SnapshotCommand.target(output: arguments.output, format: format)
        do {
            // Written as NAME.EXT.partial, fsynced, renamed without overwriting (-1, -2, …).
            let ext = target.pathExtension.isEmpty ? format.fileExtension : target.pathExtension
            // No hash: the snapshot reports none.
            let filer = FileFiler(root: target.deletingLastPathComponent(), hashes: false)
            let location = try filer.file(relativePath: target.deletingPathExtension().lastPathComponent, extension: ext) { sink in
                try sink.write(data)
            }
            let written = overwrite ? try SnapshotCommand.replace(target.deletingPathExtension().appendingPathExtension(ext), with: location.url)
                : location.url
            Terminal.note("camsched: wrote \(written.path) (\(frame.width)x\(frame.height), \(data.count) bytes)")
        } catch {
            exit(with: CLIFailure("could not write \(target.path): \(error)", code: .runtimeFailure))
        }
    }

    /// `--overwrite`: moves the filed (flushed) still over `target` in one rename, so the old
    /// picture is replaced whole or not at all.
    static func replace(_ target: URL, with filed: URL) throws(FilingError) -> URL {
        guard filed.path != target.path else { return target }
        guard rename(filed.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: filed)
            throw .systemCall(name: "rename", path: target.path, errno: code)
        }
        return target
    }

    /// The file to write: `--output`, or the default name in the current folder, or inside
    /// `--output` when it names an existing folder or ends in `/`.
    static func target(output: String?, format: StillFormat) -> URL {
        guard let output else { return URL(fileURLWithPath: defaultName(format: format)).standardizedFileURL }
        var isFolder: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue) {
            return URL(fileURLWithPath: output, isDirectory: true).appendingPathComponent(defaultName(format: format)).standardizedFileURL
        }
        return URL(fileURLWithPath: output).standardizedFileURL
    }

    /// `snapshot-YYYYMMDD-HHMMSS.EXT` in local time: the EXIF date of the same moment
    /// (`YYYY:MM:DD HH:MM:SS`, from glibc's `localtime_r`, not a `DateFormatter`, whose first
    /// use sets up ICU) without its colons.
    static func defaultName(format: StillFormat, at time: time_t = time(nil)) -> String {
        let (stamp, _, _) = ExifWriter.dateStrings(Date(timeIntervalSince1970: TimeInterval(time)), in: nil)
        let name = String(stamp.compactMap { $0 == ":" ? nil : $0 == " " ? "-" : $0 })
        return "snapshot-\(name).\(format.fileExtension)"
    }

}

extension StillFormat: ExpressibleByArgument {
    /// `jpg` is accepted for `jpeg`, as file names spell it.
    package init?(argument: String) {
        let name = argument.lowercased()
        self.init(rawValue: name == "jpg" ? "jpeg" : name)
    }
}

/// `--size` values.
struct SizeArgument {
    let request: CameraRequest.Size

    init?(_ text: String) {
        switch text.lowercased() {
        case "photo": request = .largest
        case "high": request = .high
        case "1080p": request = .exact(width: 1920, height: 1080)
        case "720p": request = .exact(width: 1280, height: 720)
        case "480p": request = .exact(width: 640, height: 480)
        default:
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                  (1...16_384).contains(w), (1...16_384).contains(h) else { return nil }
            request = .exact(width: w, height: h)
        }
    }
}

import ArgumentParser
import CamschedCapture
import CamschedFleet
import CamschedJobs
import CamschedMQTT
import CamschedScheduler
import CamschedStatus
import Foundation
import Logging
import UnixSignals

extension CameraLock.Policy: ExpressibleByArgument {}

/// `camsched run JOB.json`: runs a job's capture once, now — what a cron line calls.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a job's capture once, now (ignores its schedule).",
        discussion: """
            Relative paths in the job (output.root, pressureFrom, file: devices, camera.credentials) are taken relative to the job \
            file's folder, so a cron line works from any directory. SIGINT/SIGTERM/SIGHUP finalise every open \
            file and exit 130/143/129: a dropped ssh session is a clean stop. Output nobody reads any more (a \
            closed stdout or stderr, `| head`) is dropped; capture goes on and the exit code is unchanged. \
            SIGUSR1 sends an external event to a trigger job with "external": true. A network camera that needs \
            a login gets it from the job's camera.credentials, else CAMSCHED_CAMERA_CREDENTIALS (user:password); \
            a refused login is exit 3 and names the file or variable to correct. An interval with "from" \
            (an RFC 3339 time or a sun event such as "sunrise-30m") waits for its window without opening the \
            camera, saying until when; after the day's window it takes the next day's; on a day without the \
            event (polar day or night) it says so and exits 0. A run that files none of the shots it was due (each \
            more than a period late, as from a camera delivering too few frames) exits 1 with status nothing-filed; \
            each skip warning says the frame rate measured and what to change. An MQTT broker that refuses the \
            job's login is an error naming the user and the password's file or variable, and exit 1 (the files are \
            filed all the same); a broker that is away is a warning. --at TIME [--speed N] rehearses the run on a simulated \
            clock (a sunrise-to-sunset time-lapse in minutes): every file it makes says "rehearsal": true and goes under \
            ROOT.rehearsal unless --output says; see "Rehearse a day" in the user guide.
            """)

    @Argument(help: "The job file (JSON).")
    var job: String

    @Option(help: "Use this camera instead of the job's (auto, /dev/videoN, name:TEXT, libcamera:, test:, file:PATH, rtsp://…, http://…).")
    var device: String?

    @Option(help: "File under this folder instead of the job's output.root (not empty).")
    var output: String?

    @Flag(help: "Print newline-delimited JSON events on stdout (turns the progress line off).")
    var json = false

    @Flag(help: "Never draw the progress line (it is only drawn on a terminal anyway).")
    var noProgress = false

    @Option(help: ArgumentHelp(
        "When another camsched holds the camera: wait (default), fail (exit 75) or skip (exit 0).",
        discussion: "wait says at once whom it waits for (the holder's pid and job) and again when it gets the camera. Lock files live in $CAMSCHED_LOCK_DIR, else /run/lock/camsched; a lock folder that is a link or belongs to another user is refused with a warning and a private one is used. A network camera (rtsp://, http://) is not locked: its server streams to every client."))
    var lock: CameraLock.Policy = .wait

    @Option(help: "A file holding a pressure level name (nominal, fair, serious, critical, shutdown), re-read every second.")
    var pressureFrom: String?

    @Option(help: ArgumentHelp(
        "Rehearse the run as if the clock showed this time when it starts (2027-06-21T04:00 in the job's time zone, or RFC 3339).",
        discussion: "The window, sun times, shots, file names, sidecars (times, sunElevation), events and a test:?scene=day camera's sun all follow the simulated clock; every file says \"rehearsal\": true. Without --output the files go beside the job's root, in ROOT.rehearsal. The fleet catalog and MQTT are left out; hooks run with CAMSCHED_REHEARSAL=1.",
        valueName: "time"))
    var at: String?

    @Option(help: ArgumentHelp(
        "With --at: run the simulated clock this many times as fast, from 1 to 3600 (60: a 60 s interval takes 1 s).",
        discussion: "Interval (time-lapse) jobs only: a recording's frames come at the camera's real rate. A real camera shows the light of now (a warning says so): use --device 'test:?scene=day' to rehearse the light. Alone, --speed starts the simulated clock at the real time now.",
        valueName: "factor"))
    var speed: Double?

    @OptionGroup var status: StatusOptions

    @OptionGroup var metrics: MetricsFileOptions

    @Flag(help: ArgumentHelp("For trigger jobs: log the motion score every second and write the changed pixels as motion-mask.pgm in the output root.",
                             discussion: "Helps tune motion.threshold and motion.area: run with the scene empty, then with the subject."))
    var debugMotion = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        // The same checks as the fast path's (an empty --output, a bad --device, --at, --speed…).
        if let problem = arguments.problem() { throw ValidationError(problem) }
    }

    /// The options as plain values (what ``RunArguments/init(fastParsing:)`` reads without the parser).
    var arguments: RunArguments {
        var arguments = RunArguments()
        arguments.job = job
        arguments.device = device
        arguments.output = output
        arguments.json = json
        arguments.noProgress = noProgress
        arguments.lock = lock
        arguments.pressureFrom = pressureFrom
        arguments.logLevel = logging.logLevel
        arguments.at = at
        arguments.speed = speed
        return arguments
    }

    func run() async throws {
        let (status, metrics, debugMotion) = (status, metrics, debugMotion)
        await Self.run(arguments, debugMotion: debugMotion) { job, root in
            LiveStatus.make(status, metrics: metrics, jobs: [job.name], control: { _ in Self.control(job: job, root: root) })
        }
    }

    /// Runs the job of `arguments` and exits with its code; `live` makes the status server and
    /// metrics file the options ask for (nil: none, as on the fast path of ``RunArguments``).
    static func run(_ arguments: RunArguments, debugMotion: Bool = false, live makeLive: @Sendable (Job, URL?) -> LiveStatus?) async -> Never {
        LogSetup.bootstrap(option: arguments.logLevel)
        let loaded: Job
        do { loaded = try JobLoading.load(arguments.job) } catch { exit(with: error) }
        var options = RunOptions()
        options.device = arguments.device
        options.outputRoot = arguments.output.map { URL(fileURLWithPath: $0).standardizedFileURL }
        options.json = arguments.json
        // The JSON lines usually reach the same terminal (directly or through jq): no progress line
        // is drawn into them.
        options.progress = !arguments.noProgress && !arguments.json
        options.lockPolicy = arguments.lock
        options.debugMotion = debugMotion
        options.pressureFrom = arguments.pressureFrom.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if let env = ProcessInfo.processInfo.environment["CAMSCHED_SYS_ROOT"] { options.sysRoot = env }
        if let env = ProcessInfo.processInfo.environment["CAMSCHED_PROC_ROOT"] { options.procRoot = env }
        if let env = ProcessInfo.processInfo.environment["CAMSCHED_PRESSURE_SOURCES"] {
            options.pressureSources = Set(env.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        }
        options.rehearsal = rehearsal(arguments, job: loaded)
        let stop = StopSignal()
        // A rehearsal tells no broker: its simulated files and states are not the home's.
        let mqtt = options.rehearsal == nil ? Self.mqttChannel(loaded, root: options.outputRoot) : nil
        let subscribers: [any RunEventSubscriber] = mqtt?.subscribers ?? []
        guard let live = makeLive(loaded, options.outputRoot) else {
            let runner = JobRunner(job: loaded, options: options, stop: stop, logger: Logger(label: "camsched.run"), subscribers: subscribers)
            let code = await SignalWatcher.run(stop: stop) { await runner.run() }
            await mqtt?.finish(within: stop.isRequested ? 1 : 3)
            await Self.finishFleetSync(stop: stop)
            Foundation.exit(code.rawValue)
        }
        let runner = JobRunner(job: loaded, options: options, stop: stop, logger: Logger(label: "camsched.run"),
                               subscribers: subscribers + [live.board.subscriber(for: loaded.name, requestedFPS: loaded.camera.fps)],
                               frameTap: live.board.tap(for: loaded.name))
        let code = await SignalWatcher.run(stop: stop) {
            await live.serve {
                let code = await runner.run()
                live.board.runEnded(job: loaded.name, exitCode: code.rawValue)
                return code
            }
        }
        await mqtt?.finish(within: stop.isRequested ? 1 : 3)
        await Self.finishFleetSync(stop: stop)
        Foundation.exit(code.rawValue)
    }
}

extension RunCommand {
    /// The rehearsal `--at`/`--speed` ask for (nil: a real run); a local `--at` is read in the
    /// job's time zone. Exits 2 when that time does not exist there.
    static func rehearsal(_ arguments: RunArguments, job: Job) -> Rehearsal? {
        guard arguments.at != nil || arguments.speed != nil else { return nil }
        var at = Date()
        if let text = arguments.at {
            guard let parsed = LocalDateTimeParser.parse(text, timeZone: job.timeZone) else {
                exit(with: CLIFailure("--at \(text) does not exist in \(job.timeZone.identifier) (the hour a daylight-saving change skips); pick another time or give an offset, as in 2027-03-28T03:30:00+01:00",
                                      code: .invalidInput))
            }
            at = parsed
        }
        return Rehearsal(at: at, speed: arguments.speed ?? 1)
    }

    /// One last, short try to send the fleet catalog's queue; what is left waits for the next run.
    static func finishFleetSync(stop: StopSignal) async {
        await FleetSyncRegistry.shared.finishAll(within: stop.isRequested ? .seconds(1) : .seconds(3))
    }

    /// The job's MQTT channel (its "mqtt" block): "run" and "snapshot" are refused, the job runs
    /// already in this process and holds its camera.
    static func mqttChannel(_ job: Job, root: URL?) -> MQTTJobChannel? {
        guard let channel = MQTTJobChannel.make(job: job, root: root, logger: Logger(label: "camsched.mqtt")) else { return nil }
        let name = job.name
        channel.commands.handle("run") {
            MQTTCommandOutcome(accepted: false, reason: "\(name) is running already in this camsched run process")
        }
        channel.commands.handle("snapshot") { MQTTCommandOutcome(snapshot: .running, job: name) }
        MQTTChannels.handleTrigger(channel, job: name)
        return channel
    }

    /// The one job of `run`, for the status server: it runs as long as the process does.
    static func control(job: Job, root: URL?) -> StatusControl {
        let listing = JobListing(job: job, root: root, isRunning: true)
        return StatusControl(jobs: { [listing] }, runNow: { name in name == job.name ? .running : .unknownJob })
    }
}

/// Turns SIGINT/SIGTERM/SIGHUP into a stop request while `body` runs (swift-service-lifecycle's
/// UnixSignals): the run finalises its files and exits 130/143/129. A hang-up (the ssh session
/// or terminal went away) is a clean stop like SIGTERM; what the run would still print is
/// dropped (``StandardStream``).
enum SignalWatcher {
    static func run(stop: StopSignal, _ body: @Sendable () async -> RunExitCode) async -> RunExitCode {
        // Trapped before the run starts: a signal that comes at once is a stop, never a kill.
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup, .sigusr1)
        return await withTaskGroup(of: RunExitCode?.self) { group in
            group.addTask {
                for await signal in signals {
                    // SIGUSR1: an external event for a trigger job with "external": true.
                    if signal == .sigusr1 { ExternalTriggers.shared.fireAll(); continue }
                    stop.request(signal == .sigint ? .interrupt : signal == .sighup ? .hangUp : .terminate)
                }
                return nil
            }
            let code = await body()
            group.cancelAll()
            return code
        }
    }
}

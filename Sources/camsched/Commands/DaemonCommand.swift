import CamschedCore
import ArgumentParser
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import CamschedStatus
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `camsched daemon JOB.json... | DIR`: runs jobs by their schedule until stopped.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run jobs by their \"schedule\" until stopped; SIGHUP reloads the job files.",
        discussion: """
            Give job files, or a folder whose *.json files are jobs. Jobs without a "schedule" are ignored \
            (with a warning). A schedule is "cron", "at" (a sun event such as "sunrise-30m"), or "always": true \
            for a job that runs until stopped (a recording without "duration", around the clock), which is \
            started at once and again a few seconds after any end but a stop by signal; sun times need \
            the job's "location", else CAMSCHED_LOCATION ({"latitude": 52.52, "longitude": 13.40}) in the \
            daemon's environment (a systemd drop-in's Environment=). A job never overlaps itself; two jobs on one camera take turns. Under systemd \
            (Type=notify) camsched sends READY=1 and, when WatchdogSec is set, WATCHDOG=1 pings. \
            SIGTERM/SIGINT finalise every open file and exit 143/130. On SIGHUP a job file that no longer loads \
            (half-edited, invalid) keeps its previous version, with the problem logged, until it is fixed and \
            the daemon reloaded again.
            """)

    @Argument(help: "Job files, or one folder of job files.")
    var paths: [String]

    @Flag(help: "Print newline-delimited JSON events of every run on stdout.")
    var json = false

    @OptionGroup var status: StatusOptions

    @OptionGroup var metrics: MetricsFileOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name job files or a folder of job files") }
    }

    func run() async throws {
        LogSetup.bootstrap(option: logging.logLevel)
        let logger = Logger(label: "camsched.daemon")
        let initial = DaemonJobFiles.load(paths, logger: logger)
        if initial.problems > 0 && initial.jobs.isEmpty {
            exit(with: CLIFailure("no valid scheduled job to run", code: .invalidInput))
        }
        let stop = StopSignal()
        let service = DaemonService(paths: paths, json: json, stop: stop, logger: logger, initial: initial.jobs)
        let live = LiveStatus.make(status, metrics: metrics, jobs: initial.jobs.filter { $0.schedule != nil }.map(\.name)) { board in
            service.board = board
            return service.statusControl()
        }
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [],
            logger: logger))
        let body: @Sendable () async -> RunExitCode = {
            // Trapped before the service starts (and says READY=1): a SIGTERM right after it is a stop.
            let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup)
            return await withTaskGroup(of: RunExitCode?.self) { tasks in
                tasks.addTask {
                    for await signal in signals {
                        if signal == .sighup {
                            await service.reload()
                        } else {
                            stop.request(signal == .sigint ? .interrupt : .terminate)
                            await group.triggerGracefulShutdown()
                        }
                    }
                    return nil
                }
                do { try await group.run() } catch { logger.error("\(error)") }
                tasks.cancelAll()
                return stop.signalExitCode ?? .success
            }
        }
        // Scheduled before the server listens: the first request already lists every job.
        await service.scheduleInitialJobs()
        let code = if let live { await live.serve(body) } else { await body() }
        Foundation.exit(code.rawValue)
    }
}

/// The daemon as a swift-service-lifecycle `Service`: schedules jobs on the system clock,
/// tells systemd it is ready, pings its watchdog, and on graceful shutdown stops running jobs
/// (which finalise their files) before returning.
final class DaemonService: Service, Sendable {
    let paths: [String]
    let json: Bool
    let stop: StopSignal
    let logger: Logger
    let scheduler: DaemonScheduler
    /// The jobs loaded at start, scheduled by ``run()`` (then emptied).
    private let initial: Mutex<[Job]>
    /// The jobs scheduled now, by file path: what a reload keeps when a file turns invalid.
    private let current: Mutex<[String: Job]>
    private let notifier = SystemdNotifier()
    /// The jobs' MQTT connections (a job's "mqtt" block).
    let mqtt = MQTTChannels()
    /// The live status board (`--listen`); set before ``run()``.
    var board: StatusBoard? {
        get { liveBoard.withLock { $0 } }
        set { liveBoard.withLock { $0 = newValue } }
    }
    private let liveBoard = Mutex<StatusBoard?>(nil)

    init(paths: [String], json: Bool, stop: StopSignal, logger: Logger, initial: [Job]) {
        self.paths = paths
        self.json = json
        self.stop = stop
        self.logger = logger
        self.initial = Mutex(initial)
        current = Mutex(Self.byFile(initial))
        scheduler = DaemonScheduler(clock: SystemWallClock(), logger: logger)
    }

    func scheduled(_ jobs: [Job]) -> [ScheduledJob] {
        // Known jobs answer an external trigger with "not running" (or "not a trigger job"), not "unknown".
        // A reload replaces the list: a removed job is unknown again.
        ExternalTriggers.shared.declare(Dictionary(jobs.map { job in
            if case .trigger(let trigger) = job.capture { return (job.name, .trigger(external: trigger.external)) }
            return (job.name, ExternalTriggers.JobKind.other)
        }, uniquingKeysWith: { first, _ in first }))
        // A job added by a reload shows in the metrics (at 0) before its first run.
        board?.register(jobs: jobs.filter { $0.schedule != nil }.map(\.name))
        mqtt.update(jobs.filter { $0.schedule != nil },
                    runNow: { [scheduler] name in await scheduler.runNow(name: name, now: Date()) },
                    snapshotNow: { [scheduler] name in await scheduler.snapshotNow(name: name, now: Date()) })
        return jobs.compactMap { job in
            guard let schedule = job.schedule else { return nil }
            let start = runStarter(job)
            var scheduled = ScheduledJob(
                id: job.sourceURL?.path ?? job.name, name: job.name,
                missed: schedule.missed == .once ? .once : .skip,
                nextFire: { date in job.nextFire(after: date) },
                run: { scheduledAt in await start(scheduledAt, nil) })
            scheduled.keepsRunning = schedule.isAlways
            scheduled.runWithID = { scheduledAt, runID in await start(scheduledAt, runID) }
            let snapshot = runStarter(job.snapshotJob())
            scheduled.snapshot = { scheduledAt, runID in await snapshot(scheduledAt, runID) }
            return scheduled
        }
    }

    /// Runs a job once: at a fire, or now under a given run id (the status server's POST).
    private func runStarter(_ job: Job) -> @Sendable (Date, String?) async -> Int32 {
        let json = self.json, stop = self.stop, logger = self.logger, notifier = self.notifier, board = self.board, mqtt = self.mqtt
        return { scheduledAt, runID in
            var options = RunOptions()
            options.json = json
            options.progress = false
            options.lockPolicy = .wait
            options.scheduledAt = scheduledAt
            options.runID = runID
            logger.info("\(job.name): \(runID == nil ? "fire" : "run asked for") at \(RFC3339Timestamp.string(from: scheduledAt))")
            var subscribers: [any RunEventSubscriber] = [SystemdStatusSubscriber(notifier: notifier, job: job.name)]
            if let board { subscribers.append(board.subscriber(for: job.name, requestedFPS: job.camera.fps)) }
            if let channel = mqtt.channel(job.name) { subscribers += channel.subscribers }
            let runner = JobRunner(job: job, options: options, stop: stop, logger: logger,
                                   subscribers: subscribers, frameTap: board?.tap(for: job.name))
            let code = await runner.run().rawValue
            board?.runEnded(job: job.name, exitCode: code)
            return code
        }
    }

    /// The scheduled jobs by name.
    func currentJobs() -> [String: Job] {
        Dictionary(current.withLock { Array($0.values) }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func byFile(_ jobs: [Job]) -> [String: Job] {
        Dictionary(jobs.map { ($0.sourceURL?.standardizedFileURL.path ?? $0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func reload() async {
        let loaded = DaemonJobFiles.load(paths, previous: current.withLock { $0 }, logger: logger)
        current.withLock { $0 = Self.byFile(loaded.jobs) }
        await scheduler.reload(scheduled(loaded.jobs))
        let kept = loaded.kept.isEmpty ? "" : " (\(loaded.kept.count) kept at their previous version)"
        logger.notice("reloaded: \(loaded.jobs.count) scheduled job(s), \(loaded.problems) with problems\(kept)")
        notifier.notify("STATUS=\(loaded.jobs.count) job(s) scheduled")
    }

    /// Hands the jobs loaded at start to the scheduler (once; later calls do nothing).
    func scheduleInitialJobs() async {
        let jobs = initial.withLock { jobs in
            defer { jobs = [] }
            return jobs
        }
        if !jobs.isEmpty { await scheduler.reload(scheduled(jobs)) }
    }

    func run() async throws {
        await scheduleInitialJobs()
        notifier.notify("READY=1\nSTATUS=\(await scheduler.upcoming().count) job(s) scheduled")
        let watchdog = SystemdNotifier.watchdogInterval()
        let notifier = self.notifier
        let scheduler = self.scheduler
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    if let watchdog {
                        group.addTask {
                            await Periodic.run(every: .nanoseconds(Int64(watchdog / 2 * 1e9))) {
                                notifier.notify("WATCHDOG=1")
                            }
                        }
                    }
                    group.addTask { await scheduler.run() }
                    await group.next()
                    group.cancelAll()
                }
            }
        } onGracefulShutdown: { [stop] in
            notifier.notify("STOPPING=1")
            if !stop.isRequested { stop.request(.terminate) }
        }
        await scheduler.drain()
        await mqtt.finishAll(within: 3)
    }
}

import ArgumentParser
import CamschedJobs
import CamschedScheduler
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// `camsched daemon JOB.json... | DIR`: runs jobs by their schedule until stopped.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run jobs by their \"schedule\" until stopped; SIGHUP reloads the job files.",
        discussion: """
            Give job files, or a folder whose *.json files are jobs. Jobs without a "schedule" are ignored \
            (with a warning). A job never overlaps itself; two jobs on one camera take turns. Under systemd \
            (Type=notify) camsched sends READY=1 and, when WatchdogSec is set, WATCHDOG=1 pings. \
            SIGTERM/SIGINT finalise every open file and exit 143/130.
            """)

    @Argument(help: "Job files, or one folder of job files.")
    var paths: [String]

    @Flag(help: "Print newline-delimited JSON events of every run on stdout.")
    var json = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name job files or a folder of job files") }
    }

    func run() async throws {
        LogSetup.bootstrap(option: logging.logLevel)
        let logger = Logger(label: "camsched.daemon")
        let initial = DaemonJobs.load(paths, logger: logger)
        if initial.problems > 0 && initial.jobs.isEmpty {
            exit(with: CLIFailure("no valid scheduled job to run", code: .invalidInput))
        }
        let stop = StopSignal()
        let service = DaemonService(paths: paths, json: json, stop: stop, logger: logger, initial: initial.jobs)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [],
            logger: logger))
        let code = await withTaskGroup(of: RunExitCode?.self) { tasks in
            tasks.addTask {
                let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup)
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
        Foundation.exit(code.rawValue)
    }
}

/// Loads the daemon's job files.
enum DaemonJobs {
    static func files(_ paths: [String]) -> [URL] {
        var urls: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                urls += names.filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0) }
            } else {
                urls.append(url)
            }
        }
        return urls
    }

    static func load(_ paths: [String], logger: Logger) -> (jobs: [Job], problems: Int) {
        var jobs: [Job] = []
        var problems = 0
        for url in files(paths) {
            do {
                let job = try JobLoader.load(contentsOf: url)
                if job.schedule == nil {
                    logger.warning("\(url.path): no \"schedule\"; the daemon ignores it (use `camsched run` for it)")
                    continue
                }
                jobs.append(job)
            } catch {
                problems += 1
                logger.error("\(error)")
            }
        }
        return (jobs, problems)
    }
}

/// The daemon as a swift-service-lifecycle `Service`: schedules jobs on the system clock,
/// tells systemd it is ready, pings its watchdog, and on graceful shutdown stops running jobs
/// (which finalise their files) before returning.
final class DaemonService: Service, @unchecked Sendable {
    let paths: [String]
    let json: Bool
    let stop: StopSignal
    let logger: Logger
    let scheduler: DaemonScheduler
    private var initial: [Job]
    private let notifier = SystemdNotifier()

    init(paths: [String], json: Bool, stop: StopSignal, logger: Logger, initial: [Job]) {
        self.paths = paths
        self.json = json
        self.stop = stop
        self.logger = logger
        self.initial = initial
        scheduler = DaemonScheduler(clock: SystemWallClock(), logger: logger)
    }

    func scheduled(_ jobs: [Job]) -> [ScheduledJob] {
        jobs.compactMap { job in
            guard let schedule = job.schedule else { return nil }
            let json = self.json
            let stop = self.stop
            let logger = self.logger
            return ScheduledJob(
                id: job.sourceURL?.path ?? job.name, name: job.name,
                missed: schedule.missed == .once ? .once : .skip,
                nextFire: { date in schedule.cron.nextFire(after: date, in: schedule.timeZone) },
                run: { scheduledAt in
                    var options = RunOptions()
                    options.json = json
                    options.progress = false
                    options.lockPolicy = .wait
                    options.scheduledAt = scheduledAt
                    logger.info("\(job.name): fire of \(RFC3339.string(from: scheduledAt))")
                    return await JobRunner(job: job, options: options, stop: stop, logger: logger).run().rawValue
                })
        }
    }

    func reload() async {
        let loaded = DaemonJobs.load(paths, logger: logger)
        await scheduler.reload(scheduled(loaded.jobs))
        logger.notice("reloaded: \(loaded.jobs.count) scheduled job(s), \(loaded.problems) with problems")
        notifier.notify("STATUS=\(loaded.jobs.count) job(s) scheduled")
    }

    func run() async throws {
        await scheduler.reload(scheduled(initial))
        initial = []
        notifier.notify("READY=1\nSTATUS=\(await scheduler.upcoming().count) job(s) scheduled")
        let watchdog = SystemdNotifier.watchdogInterval()
        let notifier = self.notifier
        let scheduler = self.scheduler
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    if let watchdog {
                        group.addTask {
                            while !Task.isCancelled {
                                notifier.notify("WATCHDOG=1")
                                try? await Task.sleep(nanoseconds: UInt64(watchdog / 2 * 1e9))
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
    }
}

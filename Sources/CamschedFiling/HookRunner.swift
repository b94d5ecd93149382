import CamschedJobs
import Dispatch
import Foundation
import Glibc
import Logging
import Synchronization

/// Runs the job's hooks without ever blocking capture.
///
/// ``start(_:event:context:)`` spawns the command (`posix_spawn`, in its own process group,
/// stdin from `/dev/null`, stdout sent to camsched's stderr so that `--json` output stays
/// clean) and returns at once; a thread per hook waits for it and reaps it, so no zombie is
/// left. A hook that exits non-zero is logged; one that runs past `timeout` is logged and its
/// whole process group gets `SIGTERM`, then `SIGKILL` after `killGrace`.
public final class HookRunner: Sendable {
    private struct Running {
        var command: HookCommand
        var event: HookEvent
        var timedOut = false
    }

    private let logger: Logger
    private let timeout: Duration
    private let killGrace: Duration
    private let onFinish: (@Sendable (HookOutcome) -> Void)?
    private let running = Mutex<[pid_t: Running]>([:])
    private let group = DispatchGroup()
    private let timers = DispatchQueue(label: "camsched.hooks.timers")

    /// Creates a runner.
    /// - Parameters:
    ///   - logger: where failures and timeouts are logged.
    ///   - timeout: how long a hook may run (the job's `hooks.timeout`).
    ///   - killGrace: how long after `SIGTERM` a hook gets before `SIGKILL`.
    ///   - onFinish: called (on a background thread) with each hook's outcome.
    public init(
        logger: Logger, timeout: Duration = .seconds(30), killGrace: Duration = .seconds(2),
        onFinish: (@Sendable (HookOutcome) -> Void)? = nil
    ) {
        self.logger = logger
        self.timeout = timeout
        self.killGrace = killGrace
        self.onFinish = onFinish
    }

    /// How many hooks are running now.
    public var runningCount: Int { running.withLock { $0.count } }

    /// Starts a hook and returns at once.
    /// - Parameters:
    ///   - command: the command.
    ///   - event: why it runs (`CAMSCHED_EVENT`).
    ///   - context: the rest of its `CAMSCHED_*` environment, added to camsched's own.
    /// - Returns: the hook's process id, or `nil` if it could not be started (logged).
    @discardableResult
    public func start(_ command: HookCommand, event: HookEvent, context: HookContext) -> Int32? {
        let argv = command.argv
        guard let program = argv.first, !program.isEmpty else {
            logger.error("hook for \(event.rawValue) has an empty command; nothing run")
            finish(HookOutcome(command: command, event: event, pid: 0, termination: .failedToStart(errno: ENOENT), timedOut: false))
            return nil
        }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in context.environment(event: event) { environment[key] = value }

        group.enter()
        let spawned = Self.spawn(argv: argv, environment: environment)
        let pid: pid_t
        switch spawned {
        case .failure(let code):
            logger.error(
                "hook \(command) for \(event.rawValue) could not be started: \(String(cString: strerror(code.code))) (errno \(code.code)); check the path and that it is executable")
            finish(HookOutcome(command: command, event: event, pid: 0, termination: .failedToStart(errno: code.code), timedOut: false))
            group.leave()
            return nil
        case .success(let value):
            pid = value
        }
        running.withLock { $0[pid] = Running(command: command, event: event) }
        timers.asyncAfter(deadline: .now() + Self.dispatchInterval(timeout)) { [self] in
            terminate(pid, reason: "ran past its timeout of \(timeout)")
        }
        let waiter = Thread { [self] in reap(pid) }
        waiter.name = "camsched hook \(pid)"
        waiter.start()
        return pid
    }

    /// Waits until every running hook has ended (for the end of a run). Hooks still running
    /// after `timeout` are killed (`SIGTERM`, then `SIGKILL`) and reaped before this returns.
    public func waitForAll(timeout: Duration) async {
        let settled = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: timers) {
                settled.withLock { $0 = true }
                continuation.resume()
            }
            timers.asyncAfter(deadline: .now() + Self.dispatchInterval(timeout)) { [self] in
                guard !settled.withLock({ $0 }) else { return }
                for pid in running.withLock({ Array($0.keys) }) {
                    terminate(pid, reason: "was still running when the run ended")
                }
            }
        }
    }

    // MARK: Internals

    private struct SpawnError: Error { var code: Int32 }

    /// `SIGTERM` to the hook's process group now, `SIGKILL` after the grace period, if it is
    /// still running. The check and the kill happen under the lock that reaping takes, so a
    /// reaped (and possibly reused) pid is never signalled.
    private func terminate(_ pid: pid_t, reason: String) {
        let signalled: Running? = running.withLock { table in
            guard var entry = table[pid] else { return nil }
            entry.timedOut = true
            table[pid] = entry
            kill(-pid, SIGTERM)
            return entry
        }
        guard let signalled else { return }
        logger.warning("hook \(signalled.command) for \(signalled.event.rawValue) \(reason); sent SIGTERM to its process group")
        timers.asyncAfter(deadline: .now() + Self.dispatchInterval(killGrace)) { [self] in
            let killed = running.withLock { table -> Bool in
                guard table[pid] != nil else { return false }
                kill(-pid, SIGKILL)
                return true
            }
            if killed { logger.warning("hook \(signalled.command) ignored SIGTERM; sent SIGKILL to its process group") }
        }
    }

    /// Runs on the hook's own thread: waits for the exit without reaping, drops the hook from
    /// the table (so no timer signals it any more), then reaps it.
    private func reap(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            if errno != EINTR { break }
        }
        let entry = running.withLock { $0.removeValue(forKey: pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { break }
        }
        guard let entry else { group.leave(); return }
        let termination: HookOutcome.Termination
        if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signalled(status & 0x7f)
        }
        let outcome = HookOutcome(command: entry.command, event: entry.event, pid: pid, termination: termination, timedOut: entry.timedOut)
        if !outcome.succeeded, !entry.timedOut {
            logger.warning("hook \(entry.command) for \(entry.event.rawValue) failed: \(Self.describe(termination))")
        }
        finish(outcome)
        group.leave()
    }

    private func finish(_ outcome: HookOutcome) {
        onFinish?(outcome)
    }

    private static func describe(_ termination: HookOutcome.Termination) -> String {
        switch termination {
        case .exited(let code): return "exit status \(code)"
        case .signalled(let signal): return "killed by signal \(signal)"
        case .failedToStart(let code): return "not started (errno \(code))"
        }
    }

    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .never }
        return .nanoseconds(Int(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }

    /// `posix_spawnp` in a new process group with default signal handling and an empty mask.
    private static func spawn(argv: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }
}

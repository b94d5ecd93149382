import CamschedCore
import Dispatch
import Foundation
import Glibc
import Synchronization

extension HookRunner {
    fileprivate struct SpawnError: Error { var code: Int32 }

    /// Held while a hook's pipes are made and it is spawned: every hook inherits only its own.
    private static let spawnLock = Mutex(())

    /// Spawns a hook that holds a slot; on failure frees the slot (and starts the next).
    /// - Returns: its process id, `nil` when it could not be started.
    func launch(_ hook: Queued) -> Int32? {
        let pid: pid_t
        let (output, spawned) = Self.spawnLock.withLock { _ in
            let output = HookOutputCapture.open(prefix: "hook \(hook.event.key)[\(hook.job)]", limit: outputLimit, logger: logger)
            return (output, Self.spawn(argv: hook.argv, environment: hook.environment, output: output?.writeEnds))
        }
        switch spawned {
        case .failure(let code):
            output?.cancel()
            logger.error("\(HookStartFailure.message(event: hook.event, job: hook.job, command: hook.command, errno: code.code))")
            finish(HookOutcome(command: hook.command, event: hook.event, pid: 0, termination: .failedToStart(errno: code.code), timedOut: false))
            releaseSlot()
            group.leave()
            return nil
        case .success(let value):
            pid = value
        }
        output?.start()
        state.withLock { $0.running[pid] = Running(command: hook.command, event: hook.event) }
        timers.asyncAfter(deadline: .now() + Self.dispatchInterval(timeout)) { [self] in
            terminate(pid, reason: "ran past its timeout of \(timeout)", grace: killGrace)
        }
        let waiter = Thread { [self] in reap(pid, output: output) }
        waiter.name = "camsched hook \(pid)"
        waiter.start()
        return pid
    }

    /// Frees a slot and hands it to the first queued hook, if any.
    private func releaseSlot() {
        let next = state.withLock { state -> Queued? in
            guard !state.queue.isEmpty, !state.shuttingDown else {
                state.slots -= 1
                return nil
            }
            return state.queue.removeFirst()
        }
        if let next { _ = launch(next) }
    }

    /// `SIGTERM` to the hook's process group now, `SIGKILL` after `grace`, if it is still
    /// running. The check and the kill happen under the lock that reaping takes, so a
    /// reaped (and possibly reused) pid is never signalled.
    func terminate(_ pid: pid_t, reason: String, grace: Duration) {
        let signalled: Running? = state.withLock { state in
            guard var entry = state.running[pid] else { return nil }
            let first = !entry.timedOut
            entry.timedOut = true
            state.running[pid] = entry
            kill(-pid, SIGTERM)
            return first ? entry : nil
        }
        if let signalled {
            logger.warning("hook \(signalled.command) for \(signalled.event.rawValue) \(reason); sent SIGTERM to its process group")
        }
        timers.asyncAfter(deadline: .now() + Self.dispatchInterval(grace)) { [self] in
            let killed = state.withLock { state -> Running? in
                guard let entry = state.running[pid] else { return nil }
                kill(-pid, SIGKILL)
                return entry
            }
            if let killed { logger.warning("hook \(killed.command) did not end on SIGTERM; sent SIGKILL to its process group") }
        }
    }

    /// Runs on the hook's own thread: waits for the exit without reaping, drops the hook from
    /// the table (so no timer signals it any more), then reaps it, waits until its output is
    /// logged and starts the next queued one.
    private func reap(_ pid: pid_t, output: HookOutputCapture?) {
        var info = siginfo_t()
        _ = SystemCall.valueOrErrno { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
        let entry = state.withLock { $0.running.removeValue(forKey: pid) }
        var status: Int32 = 0
        _ = SystemCall.valueOrErrno { waitpid(pid, &status, 0) }
        output?.finish()
        defer {
            releaseSlot()
            group.leave()
        }
        guard let entry else { return }
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
    }

    private static func describe(_ termination: HookOutcome.Termination) -> String {
        switch termination {
        case .exited(let code): return "exit status \(code)"
        case .signalled(let signal): return "killed by signal \(signal)"
        case .failedToStart(let code): return "not started (errno \(code))"
        }
    }

    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let nanoseconds = duration.wholeNanoseconds
        return nanoseconds == .max ? .never : .nanoseconds(Int(clamping: nanoseconds))
    }

    /// `posix_spawnp` in a new process group with default signal handling and an empty mask;
    /// stdout and stderr on `output`'s pipes (`/dev/null` without them).
    private static func spawn(argv: [String], environment: [String: String],
                              output: (output: CInt, error: CInt)?) -> Result<pid_t, SpawnError> {
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
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output.output, 1)
            posix_spawn_file_actions_adddup2(&actions, output.error, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

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

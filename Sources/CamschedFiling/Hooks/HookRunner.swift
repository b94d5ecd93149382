import CamschedCore
import Dispatch
import Foundation
import Glibc
import Logging
import Synchronization

/// Runs the job's hooks without ever blocking capture.
///
/// ``start(_:event:context:)`` spawns the command (`posix_spawn`, in its own process group,
/// stdin from `/dev/null`, stdout and stderr through pipes into camsched's log, bounded by
/// ``outputLimit``: see ``HookOutputCapture``) and returns at once; a thread per hook waits for it and reaps it, so no zombie is
/// left. At most `maxConcurrent` hooks (4) run at once: more wait in a queue, in order, and
/// start as running ones end. A hook that exits non-zero is logged; one that runs past
/// `timeout` is logged and its whole process group gets `SIGTERM`, then `SIGKILL` after
/// `killGrace`. ``shutdown(within:)`` (on SIGTERM) drops the queue and ends every running
/// hook within the shutdown budget.
package final class HookRunner: Sendable {
    struct Running {
        var command: HookCommand
        var event: HookEvent
        var timedOut = false
    }

    struct Queued {
        var command: HookCommand
        var event: HookEvent
        var argv: [String]
        var environment: [String: String]
        /// The job's name, for the prefix of the hook's output lines.
        var job: String
    }

    struct State {
        var running: [pid_t: Running] = [:]
        var queue: [Queued] = []
        /// Hooks started or being started (a slot is taken before `posix_spawn`).
        var slots = 0
        var shuttingDown = false
    }

    let logger: Logger
    let timeout: Duration
    let killGrace: Duration
    /// How many hooks may run at once.
    package let maxConcurrent: Int
    /// How much of each hook run's output is logged.
    package let outputLimit: HookOutputLimit
    /// Variables of camsched's environment that hooks do not get: a network camera's credentials.
    package let withheld: Set<String>
    private let onFinish: (@Sendable (HookOutcome) -> Void)?
    let state = Mutex(State())
    let group = DispatchGroup()
    let timers = DispatchQueue(label: "camsched.hooks.timers")

    /// Creates a runner.
    /// - Parameters:
    ///   - logger: where failures and timeouts are logged.
    ///   - timeout: how long a hook may run (the job's `hooks.timeout`).
    ///   - killGrace: how long after `SIGTERM` a hook gets before `SIGKILL`.
    ///   - maxConcurrent: how many hooks may run at once (at least 1); more wait their turn.
    ///   - outputLimit: how much of each hook run's output is logged.
    ///   - withheld: variables hooks do not get (``CameraCredentialsSource/withheldVariables(_:)``):
    ///     a hook that logs its environment would put a password into camsched's log.
    ///   - onFinish: called (on a background thread) with each hook's outcome.
    package init(
        logger: Logger, timeout: Duration = .seconds(30), killGrace: Duration = .seconds(2), maxConcurrent: Int = 4,
        outputLimit: HookOutputLimit = .standard, withheld: Set<String> = CameraCredentialsSource.withheldVariables(nil),
        onFinish: (@Sendable (HookOutcome) -> Void)? = nil
    ) {
        self.logger = logger
        self.timeout = timeout
        self.killGrace = killGrace
        self.maxConcurrent = max(1, maxConcurrent)
        self.outputLimit = outputLimit
        self.withheld = withheld
        self.onFinish = onFinish
    }

    /// How many hooks are running now.
    package var runningCount: Int { state.withLock { $0.running.count } }

    /// How many hooks wait for a free slot.
    package var queuedCount: Int { state.withLock { $0.queue.count } }

    /// Starts a hook, or queues it when `maxConcurrent` hooks are running; returns at once.
    /// - Parameters:
    ///   - command: the command.
    ///   - event: why it runs (`CAMSCHED_EVENT`).
    ///   - context: the rest of its `CAMSCHED_*` environment, added to camsched's own (less
    ///     the ``withheld`` variables).
    /// - Returns: the hook's process id when it started now; `nil` when it was queued (it
    ///   starts when a slot frees up), could not be started (logged) or the runner is
    ///   shutting down.
    @discardableResult
    package func start(_ command: HookCommand, event: HookEvent, context: HookContext) -> Int32? {
        let argv = command.argv
        guard let program = argv.first, !program.isEmpty else {
            logger.error("hook for \(event.rawValue) has an empty command; nothing run")
            finish(HookOutcome(command: command, event: event, pid: 0, termination: .failedToStart(errno: ENOENT), timedOut: false))
            return nil
        }
        var environment = ProcessInfo.processInfo.environment
        for name in withheld { environment[name] = nil }
        for (key, value) in context.environment(event: event) { environment[key] = value }
        let hook = Queued(command: command, event: event, argv: argv, environment: environment, job: context.job)
        let admitted = state.withLock { state -> Bool? in
            if state.shuttingDown { return nil }
            guard state.slots < maxConcurrent else {
                state.queue.append(hook)
                return false
            }
            state.slots += 1
            return true
        }
        switch admitted {
        case nil:
            logger.warning("hook \(command) for \(event.rawValue) not run: camsched is shutting down")
            return nil
        case false?:
            group.enter()
            logger.debug("hook \(command) for \(event.rawValue) queued: \(maxConcurrent) hooks are running")
            return nil
        case true?:
            group.enter()
            return launch(hook)
        }
    }

    /// Waits until every running and queued hook has ended (for the end of a run). Hooks
    /// still running after `timeout` are killed (`SIGTERM`, then `SIGKILL`) and reaped before
    /// this returns; queued ones are not started then. When `stopRequested` turns true
    /// (camsched got SIGTERM) it ends them as ``shutdown(within:)`` does instead.
    package func waitForAll(timeout: Duration, stopRequested: @escaping @Sendable () -> Bool = { false }) async {
        let settled = Flag()
        let deadline = DispatchTime.now() + Self.dispatchInterval(timeout)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: timers) {
                settled.set()
                continuation.resume()
            }
            watch(until: deadline, settled: settled, stopRequested: stopRequested)
        }
    }

    /// Polls every 100 ms for a stop request until the deadline, then ends what is left.
    private func watch(until deadline: DispatchTime, settled: Flag, stopRequested: @escaping @Sendable () -> Bool) {
        timers.asyncAfter(deadline: min(deadline, .now() + .milliseconds(100))) { [self] in
            guard !settled.isSet else { return }
            if stopRequested() {
                endAll(grace: Self.shutdownGrace(.seconds(2)), reason: "was still running when camsched was asked to stop")
            } else if DispatchTime.now() >= deadline {
                endAll(grace: killGrace, reason: "was still running when the run ended")
            } else {
                watch(until: deadline, settled: settled, stopRequested: stopRequested)
            }
        }
    }

    /// Ends every hook within `budget` (SIGTERM): queued hooks are dropped, running ones get
    /// `SIGTERM` now and `SIGKILL` after three quarters of the budget, and are reaped before
    /// this returns. Hooks started afterwards are refused.
    package func shutdown(within budget: Duration = .seconds(2)) async {
        endAll(grace: Self.shutdownGrace(budget), reason: "was still running when camsched was asked to stop")
        await waitForAll(timeout: budget)
    }

    /// SIGKILL comes at three quarters of the budget, leaving the rest for reaping.
    static func shutdownGrace(_ budget: Duration) -> Duration { budget * 3 / 4 }

    /// Drops the queue (and refuses new hooks) and terminates every running hook.
    func endAll(grace: Duration, reason: String) {
        let (dropped, pids) = state.withLock { state in
            state.shuttingDown = true
            let dropped = state.queue
            state.queue = []
            return (dropped, Array(state.running.keys))
        }
        if !dropped.isEmpty {
            logger.warning("\(dropped.count) queued hook(s) not run: \(dropped.map { "\($0.command)" }.joined(separator: ", "))")
        }
        for _ in dropped { group.leave() }
        for pid in pids { terminate(pid, reason: reason, grace: grace) }
    }

    /// A flag set once, read from timers.
    final class Flag: Sendable {
        private let value = Atomic(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }

    func finish(_ outcome: HookOutcome) {
        onFinish?(outcome)
    }
}

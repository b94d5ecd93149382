import Synchronization

/// What became of an external trigger (``ExternalTriggers/fire(job:)``). For the status
/// server's `POST /api/jobs/NAME/trigger`: `accepted` → 202, `unknownJob` → 404,
/// `notATriggerJob` and `externalOff` → 409, `notRunning` → 409.
package enum TriggerAcceptance: String, Sendable, Equatable {
    /// A running trigger job with `external: true` will start (or extend) an event at its next frame.
    case accepted
    /// The job exists but is not a `trigger` job.
    case notATriggerJob
    /// A trigger job without `external: true`: it only reacts to motion.
    case externalOff
    /// A trigger job that is not running now.
    case notRunning
    /// No job of that name is known.
    case unknownJob
}

/// The external events of running `trigger` jobs, by job name: `camsched trigger NAME` (a
/// local socket), SIGUSR1 to `camsched run`, and the status server's `POST
/// /api/jobs/NAME/trigger` all go through ``fire(job:)``. A trigger job registers while it runs
/// and takes the pending events at each frame.
///
/// The daemon ``declare(_:)``s the jobs it knows, so that a job that exists but is not
/// running answers `notRunning` rather than `unknownJob`.
package final class ExternalTriggers: Sendable {
    /// The process's registry: the one the signal handler, the socket and the HTTP server share.
    package static let shared = ExternalTriggers()

    /// What a known job is.
    package enum JobKind: Sendable, Equatable {
        case trigger(external: Bool)
        case other
    }

    private struct State {
        var known: [String: JobKind] = [:]
        var running: [String: (external: Bool, pending: Int)] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Tells the registry which jobs exist (the daemon, at start and at each reload): a job a
    /// reload removed is unknown again.
    package func declare(_ jobs: [String: JobKind]) {
        state.withLock { $0.known = jobs }
    }

    /// An external event for `job`.
    package func fire(job: String) -> TriggerAcceptance {
        state.withLock { state in
            if let running = state.running[job] {
                guard running.external else { return .externalOff }
                state.running[job]?.pending += 1
                return .accepted
            }
            switch state.known[job] {
            case .trigger(let external)?: return external ? .notRunning : .externalOff
            case .other?: return .notATriggerJob
            case nil: return .unknownJob
            }
        }
    }

    /// SIGUSR1: an external event for every running trigger job with `external: true`;
    /// returns how many took it.
    @discardableResult
    package func fireAll() -> Int {
        state.withLock { state in
            var count = 0
            for (name, running) in state.running where running.external {
                state.running[name]?.pending += 1
                count += 1
            }
            return count
        }
    }

    /// The job started: external events are accepted from now on (when `external`).
    func register(job: String, external: Bool) {
        state.withLock {
            $0.running[job] = (external, 0)
            $0.known[job] = .trigger(external: external)
        }
    }

    /// The job stopped.
    func unregister(job: String) {
        state.withLock { _ = $0.running.removeValue(forKey: job) }
    }

    /// The events fired since the last call (0 when none).
    func take(job: String) -> Int {
        state.withLock { state in
            let pending = state.running[job]?.pending ?? 0
            if pending > 0 { state.running[job]?.pending = 0 }
            return pending
        }
    }
}

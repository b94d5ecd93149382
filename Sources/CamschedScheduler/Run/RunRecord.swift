import CamschedFiling
import Foundation
import Synchronization

/// What a run has done so far, kept from its events: counts, the files filed, failures, and
/// the pressure and interruption lists that every sidecar carries.
package final class RunRecord: RunEventSubscriber {
    package struct State: Sendable {
        /// How many files this run filed, the first hundred and the last (a run of a day files
        /// tens of thousands: the full list lives in the catalog, not in memory).
        package var filedCount = 0
        package var firstFiled: [String] = []
        package var lastFiled: FiledLocation?
        package var stillsFiled = 0
        package var segmentsFiled = 0
        package var skippedShots = 0
        /// What the last skip measured of why shots came late (the closing line repeats it).
        package var lastSkipCause: LatenessCause?
        /// Events of a trigger job (motion and external).
        package var triggers = 0
        package var failures: [String] = []
        package var pressure: [SidecarPressureChange] = []
        package var interruptions: [SidecarInterruption] = []
    }

    private let state = Mutex(State())

    package init() {}

    package var snapshot: State { state.withLock { $0 } }
    package var pressureLog: [SidecarPressureChange] { state.withLock { $0.pressure } }
    package var interruptionLog: [SidecarInterruption] { state.withLock { $0.interruptions } }

    package func receive(_ event: TimedRunEvent) {
        state.withLock { state in
            switch event.event {
            case let .captured(still):
                state.stillsFiled += 1
                Self.filed(still.location, into: &state)
            case let .segmentFiled(segment):
                state.segmentsFiled += 1
                Self.filed(segment.location, into: &state)
            case let .pressureChanged(p):
                state.pressure.append(SidecarPressureChange(at: p.at, level: p.level.rawValue, fps: p.fps ?? 0,
                                                                 method: p.method == .none ? nil : p.method.rawValue))
            case let .interrupted(reason, _, at):
                state.interruptions.append(SidecarInterruption(at: at, reason: reason, resumedAt: nil))
            case let .resumed(at, _):
                if let last = state.interruptions.indices.last { state.interruptions[last].resumedAt = at }
            case .trigger:
                state.triggers += 1
            case let .skipped(count, _, cause):
                state.skippedShots += count
                if let cause { state.lastSkipCause = cause }
            case let .error(message):
                state.failures.append(message)
            // The plan and the rate are the progress line's: no sidecar or summary field comes from them.
            case .started, .planned, .rate, .warning, .done:
                break
            }
        }
    }

    private static func filed(_ location: FiledLocation, into state: inout State) {
        state.filedCount += 1
        if state.firstFiled.count < 100 { state.firstFiled.append(location.relativePath) }
        state.lastFiled = location
    }
}

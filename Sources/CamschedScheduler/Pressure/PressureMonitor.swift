import Foundation
import Synchronization

/// Combines pressure sources into one level, the worst of them, with hysteresis: the level
/// rises at once but falls only after the lower level has held for `recoverAfter`.
package final class PressureMonitor: Sendable {
    package let sources: [any PressureSource]
    package let recoverAfter: TimeInterval
    private struct State {
        var current: PressureLevel = .nominal
        var lowerSince: Date?
        var lastReason = ""
    }
    private let state = Mutex(State())

    package init(sources: [any PressureSource], recoverAfter: TimeInterval) {
        self.sources = sources
        self.recoverAfter = recoverAfter
    }

    /// The level in force.
    package var level: PressureLevel { state.withLock { $0.current } }

    /// Reads every source and returns the level in force and whether it changed.
    package func sample(now: Date = Date()) -> (level: PressureLevel, changed: Bool, reason: String) {
        let readings = sources.compactMap { $0.read() }
        let worst = readings.max { $0.level < $1.level }
        let measured = worst?.level ?? .nominal
        return state.withLock { state in
            let before = state.current
            if measured > state.current {
                state.current = measured
                state.lowerSince = nil
                state.lastReason = worst?.reason ?? ""
            } else if measured < state.current {
                if let since = state.lowerSince {
                    if now.timeIntervalSince(since) >= recoverAfter {
                        state.current = measured
                        state.lowerSince = nil
                        state.lastReason = worst?.reason ?? ""
                    }
                } else {
                    state.lowerSince = now
                }
            } else {
                state.lowerSince = nil
            }
            return (state.current, state.current != before, state.lastReason)
        }
    }
}

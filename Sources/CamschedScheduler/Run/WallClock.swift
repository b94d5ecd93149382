import Foundation
import Synchronization

/// The scheduler's source of wall-clock time, injected so tests can run a day in milliseconds.
package protocol WallClock: Sendable {
    /// Now.
    func now() -> Date
    /// Suspends until `date` (or returns early if the task is cancelled).
    func sleep(until date: Date) async
}

/// The system clock.
package struct SystemWallClock: WallClock {
    package init() {}
    package func now() -> Date { Date() }
    package func sleep(until date: Date) async {
        let seconds = date.timeIntervalSinceNow
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    }
}

/// A clock that jumps: `sleep(until:)` moves time forward at once. For tests of schedules.
package final class ManualWallClock: WallClock {
    private let current: Mutex<Date>

    package init(start: Date) { current = Mutex(start) }

    package func now() -> Date { current.withLock { $0 } }

    package func sleep(until date: Date) async {
        current.withLock { if date > $0 { $0 = date } }
        await Task.yield()
    }

    /// Moves time forward by `seconds`.
    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

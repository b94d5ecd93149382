import Foundation
import Synchronization

/// The scheduler's source of wall-clock time, injected so tests can run a day in milliseconds.
public protocol WallClock: Sendable {
    /// Now.
    func now() -> Date
    /// Suspends until `date` (or returns early if the task is cancelled).
    func sleep(until date: Date) async
}

/// The system clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(until date: Date) async {
        let seconds = date.timeIntervalSinceNow
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    }
}

/// A clock that jumps: `sleep(until:)` moves time forward at once. For tests of schedules.
public final class ManualWallClock: WallClock {
    private let current: Mutex<Date>

    public init(start: Date) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func sleep(until date: Date) async {
        current.withLock { if date > $0 { $0 = date } }
        await Task.yield()
    }

    /// Moves time forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

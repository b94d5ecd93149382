import Foundation

/// Combines pressure sources into one level, the worst of them, with hysteresis: the level
/// rises at once but falls only after the lower level has held for `recoverAfter`.
public final class PressureMonitor: @unchecked Sendable {
    public let sources: [any PressureSource]
    public let recoverAfter: TimeInterval
    private let lock = NSLock()
    private var current: PressureLevel = .nominal
    private var lowerSince: Date?
    private var lastReason = ""

    public init(sources: [any PressureSource], recoverAfter: TimeInterval) {
        self.sources = sources
        self.recoverAfter = recoverAfter
    }

    /// The level in force.
    public var level: PressureLevel { lock.withLock { current } }

    /// Reads every source and returns the level in force and whether it changed.
    public func sample(now: Date = Date()) -> (level: PressureLevel, changed: Bool, reason: String) {
        let readings = sources.compactMap { $0.read() }
        let worst = readings.max { $0.level < $1.level }
        let measured = worst?.level ?? .nominal
        return lock.withLock {
            let before = current
            if measured > current {
                current = measured
                lowerSince = nil
                lastReason = worst?.reason ?? ""
            } else if measured < current {
                if let since = lowerSince {
                    if now.timeIntervalSince(since) >= recoverAfter {
                        current = measured
                        lowerSince = nil
                        lastReason = worst?.reason ?? ""
                    }
                } else {
                    lowerSince = now
                }
            } else {
                lowerSince = nil
            }
            return (current, current != before, lastReason)
        }
    }
}

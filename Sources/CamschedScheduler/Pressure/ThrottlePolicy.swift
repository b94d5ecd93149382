/// What a recording does at each pressure level (the job's `throttle`).
package struct ThrottlePolicy: Sendable, Equatable {
    /// Frame-rate ceiling at `serious`.
    package var serious: Double
    /// Frame-rate ceiling at `critical`.
    package var critical: Double
    /// At `shutdown`: stop (finalise and exit 1).
    package var stopAtShutdown: Bool
    /// How long pressure must stay lower before the rate goes back up.
    package var recoverAfter: Double

    package init(serious: Double = 20, critical: Double = 15, stopAtShutdown: Bool = true, recoverAfter: Double = 30) {
        self.serious = serious
        self.critical = critical
        self.stopAtShutdown = stopAtShutdown
        self.recoverAfter = recoverAfter
    }

    /// The frame rate in force at `level` for a recording that asked for `requested`; nil
    /// means stop.
    package func fps(at level: PressureLevel, requested: Double) -> Double? {
        switch level {
        case .nominal, .fair: return requested
        case .serious: return min(requested, serious)
        case .critical: return min(requested, critical)
        case .shutdown: return stopAtShutdown ? nil : min(requested, critical)
        }
    }
}

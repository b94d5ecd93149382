/// Frame-rate limits under system pressure.
///
/// JSON defaults: `{ "serious": 20, "critical": 15, "shutdown": "stop", "recoverAfter": "30s" }`.
/// `shutdown` may also be a number of frames per second to keep recording at.
package struct ThrottleSpec: Sendable, Equatable {
    /// Maximum fps at pressure `serious`. Default 20.
    package var serious: Double
    /// Maximum fps at pressure `critical`; not above `serious`. Default 15.
    package var critical: Double
    /// What happens at pressure `shutdown`. Default stop.
    package var shutdown: ThrottleAction
    /// How long pressure must stay lower before the rate goes back up. Default 30 s.
    package var recoverAfter: Duration

    /// Creates throttle settings with the documented defaults.
    package init(serious: Double = 20, critical: Double = 15, shutdown: ThrottleAction = .stop,
                recoverAfter: Duration = .seconds(30)) {
        self.serious = serious
        self.critical = critical
        self.shutdown = shutdown
        self.recoverAfter = recoverAfter
    }
}

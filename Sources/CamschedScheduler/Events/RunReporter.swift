import CamschedCapture
import Foundation
import Logging

/// How a part of a run says what happened: events on the run's bus, stamped by the run's clock
/// (a manual one in tests), and its logger for lines that are not events. What a mode or step
/// reports is all it knows of the run's subscribers (log, `--json`, progress, hooks, catalog,
/// status page).
struct RunReporter: Sendable {
    let events: RunEventBus
    let clock: any CaptureClock
    let logger: Logger

    /// The run's rehearsal when it runs on a rehearsal's clock (`camsched run --at`), else nil.
    var rehearsal: Rehearsal? { (clock as? RehearsalClock)?.rehearsal }

    func publish(_ event: RunEvent) { events.publish(event, at: clock.now()) }

    func warn(_ message: String) { publish(.warning(message)) }

    /// Records a run-time failure (the run then exits 1).
    func fail(_ message: String) { publish(.error(message)) }
}

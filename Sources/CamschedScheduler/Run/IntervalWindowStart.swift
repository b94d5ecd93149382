import CamschedCapture
import CamschedJobs
import Foundation
import Logging

/// Before an interval with a window (`from`, `until`) touches the camera: which window the run
/// takes (``IntervalWindow/resolve(_:at:timeZone:location:)``), and waiting for it to open —
/// without holding the camera or its lock meanwhile.
///
/// A run started before the window waits for it, saying until when; inside it, it starts at
/// once; after the day's window it takes the next day's. On a day whose window does not exist
/// (the sun does not reach a bound's event: polar day or night) the run says so and ends
/// with exit code 0 without capturing — the daemon's next fire tries again.
struct IntervalWindowStart {
    let job: Job
    let clock: any CaptureClock
    let stop: StopSignal
    let logger: Logger

    enum Outcome {
        /// Run this job now: its interval resolved to the window (a fixed `until`, no `from`).
        case run(Job)
        /// Nothing to capture: end the run with this code.
        case finished(RunExitCode)
    }

    func prepare() -> Outcome {
        guard case .interval(let spec) = job.capture, spec.from != nil || spec.usesSunTimes else { return .run(job) }
        let zone = job.timeZone
        switch IntervalWindow.resolve(spec, at: clock.now(), timeZone: zone, location: job.location) {
        case .absent(let absence):
            logger.notice("\(job.name): \(absence); no window that day, nothing to capture")
            return .finished(.success)
        case .window(let window):
            if let opens = window.opens, opens > clock.now() {
                let closes = window.closes.map { " and closes at \(Self.local($0, zone))\(label(spec.until))" } ?? ""
                logger.notice("\(job.name): waiting until \(Self.local(opens, zone)): the window opens then\(label(spec.from))\(closes)")
                guard wait(until: opens) else { return .finished(stop.signalExitCode ?? .success) }
            }
            var resolved = job
            resolved.capture = .interval(spec.resolved(to: window))
            return .run(resolved)
        }
    }

    /// ` (sunrise-30m)` for a sun-relative bound, nothing for a fixed one.
    private func label(_ bound: IntervalBound?) -> String {
        bound?.sunTime.map { " (\($0))" } ?? ""
    }

    /// Sleeps until the wall clock reaches `date`; false when a stop was asked for first.
    private func wait(until date: Date) -> Bool {
        while !stop.isRequested {
            let left = date.timeIntervalSince(clock.now())
            if left <= 0 { return true }
            // Slices of at most a second: a stop is noticed at once, and a wall clock that was
            // set meanwhile (NTP after boot) is followed.
            let slice = Int64(min(left, 1) * 1e9)
            clock.sleep(untilMonotonic: clock.monotonicNanoseconds() + max(slice, 1_000_000))
        }
        return false
    }

    /// `2026-03-29 06:21:00 +02:00` in the job's zone.
    static func local(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZZ"
        return formatter.string(from: date)
    }
}

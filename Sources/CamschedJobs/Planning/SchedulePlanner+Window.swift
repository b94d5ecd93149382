import Foundation

extension SchedulePlanner {
    /// An interval with `from`/`until` started at `start`: the shots of the window the run
    /// takes, from when it opens (the run waits for it) — what ``IntervalWindow`` and `run` do.
    func windowFire(_ interval: IntervalSpec, start: Date, job: Job) -> PlannedFire {
        switch IntervalWindow.resolve(interval, at: start, timeZone: job.timeZone, location: job.location) {
        case .absent(let absence):
            var fire = PlannedFire(at: start, captures: [], totalCaptures: 0, endsAt: nil)
            fire.absence = absence
            return fire
        case .window(let window):
            let opens = max(start, window.opens ?? start)
            var fire = intervalFire(interval.resolved(to: window), start: opens, timeZone: job.timeZone)
            fire.at = start
            fire.window = window
            return fire
        }
    }
}

import CamschedCore
import Foundation

extension IntervalSpec {
    /// How many shots an interval run takes — the one rule `plan` and `run` share.
    ///
    /// Shot k is due at `first + k·every` and is taken while it lies strictly before the end:
    /// `start + duration`, or `until` (both exclusive), or after `count` shots, whichever comes
    /// first. So `duration 3s, every 1s` is 3 shots (0 s, 1 s, 2 s), not 4.
    /// - Parameters:
    ///   - start: when the run starts (the fire time); `duration` counts from here.
    ///   - first: when the first shot is due (`start`, or the next aligned instant).
    /// - Returns: the number of shots, or nil when the spec sets no end (runs until stopped).
    package func plannedShots(start: Date, first: Date) -> Int? {
        var limit = count
        // A sun-relative `until` is resolved into an instant before a run starts (IntervalWindow).
        let end: Date? = duration.map { start.addingTimeInterval($0.secondsValue) } ?? until?.date
        if let end {
            let span = end.timeIntervalSince(first)
            let period = every.secondsValue
            let shots: Int
            if span <= 0 || period <= 0 {
                shots = 0
            } else {
                let exact = (span / period).rounded(.up)
                shots = exact >= Double(Int.max) ? .max : Int(exact)
            }
            limit = min(limit ?? .max, shots)
        }
        return limit
    }
}

import CamschedCore
import CamschedJobs
import Foundation

/// A rehearsal (`camsched run JOB --at TIME --speed N`): the run behaves as if the wall clock
/// had shown `at` when it started and ran `speed` times as fast — the interval's window and sun
/// times, the shots' due times, file names, sidecars, events and the `test:` camera's day scene
/// all follow the simulated time (``RehearsalClock``) — and every file it makes says
/// `"rehearsal": true`, so it is never mistaken for a real one.
package struct Rehearsal: Sendable, Equatable {
    /// The simulated wall time when the run starts.
    package var at: Date
    /// Simulated seconds per real second.
    package var speed: Double

    /// `--speed`: from real time to an hour a second (a day in 24 s). A faster clock leaves a
    /// camera's real frames too far apart in simulated time to take shots when they are due.
    package static let speedRange: ClosedRange<Double> = 1...3600

    package init(at: Date, speed: Double = 1) {
        self.at = at
        self.speed = speed
    }

    /// What is wrong with `speed`, with the fix; nil when it is in range.
    package static func problem(speed: Double) -> String? {
        guard speed.isFinite, speedRange.contains(speed) else {
            return "--speed must be from 1 (real time) to 3600 (an hour a second), found \(speed); for example --speed 60 runs a minute a second"
        }
        return nil
    }

    /// The folder a rehearsal files under when `--output` does not say: beside the job's root,
    /// its name with `.rehearsal` added (`captures` → `captures.rehearsal`), so rehearsed files,
    /// their catalog and retention never mix with real ones.
    package static func defaultRoot(for root: URL) -> URL {
        let standard = root.standardizedFileURL
        return standard.deletingLastPathComponent().appendingPathComponent(standard.lastPathComponent + ".rehearsal")
    }
}

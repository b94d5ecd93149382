import CamschedJobs
import Foundation

/// `plan`'s readable lines: each fire's local time in the job's zone, kind, how many captures
/// (and for a recording, in how many files: what `--json` calls `segments`) and until when. One formatter for every line (making one per line was most of the time of
/// a long plan).
struct PlanTable {
    let zone: TimeZone
    private let formatter: DateFormatter

    init(zone: TimeZone) {
        self.zone = zone
        formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZZ"
    }

    /// - Parameters:
    ///   - segments: a recording's files per run (nil for other kinds).
    ///   - untilStopped: a recording without a `duration`.
    func line(_ fire: PlannedFire, kind: String, segments: Int? = nil, untilStopped: Bool = false) -> String {
        var line = "\(localText(fire.at))  \(kind)  \(fire.totalCaptures) capture(s)"
        if let segments { line += " in \(segments) segment(s)" }
        if untilStopped { line += ", until stopped" }
        if let end = fire.endsAt { line += ", until \(localText(end))" }
        if let opens = fire.window?.opens, opens > fire.at { line += "; waits for the window from \(localText(opens))" }
        if let absence = fire.absence { line += "; \(absence)" }
        return line
    }

    func localText(_ date: Date) -> String {
        formatter.string(from: date) + " (\(zone.abbreviation(for: date) ?? zone.identifier))"
    }
}

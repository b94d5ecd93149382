import CamschedCore
import CamschedJobs
import Foundation

/// `plan`'s list of the coming days of a job with sun-relative times: each day's `schedule.at`
/// fire and interval window in local time, with the event and offset, or why a day has none.
///
/// ```
/// Sun times at 52.52°N 13.40°E, 34 m (Europe/Berlin):
///   2026-03-29 Sun  window 06:16:54 +02:00 (sunrise-30m) to 20:06:28 +02:00 (sunset+30m)
///   2026-06-21 Sun  no sunrise on 2026-06-21 (the sun stays up all day)
/// ```
struct PlanSunDays {
    let job: Job
    private let time: DateFormatter
    private let dateAndTime: DateFormatter

    init(job: Job) {
        self.job = job
        time = Self.formatter(job.timeZone, "HH:mm:ss xxx")
        dateAndTime = Self.formatter(job.timeZone, "yyyy-MM-dd HH:mm:ss xxx")
    }

    /// The heading and one line per day; empty for a job without sun-relative times.
    func lines(from: Date, days: Int) -> [String] {
        let list = SunDay.days(of: job, from: from, count: days)
        guard let location = job.location, !list.isEmpty else { return [] }
        return ["Sun times at \(Self.place(location)) (\(job.timeZone.identifier)):"] + list.map(line)
    }

    func line(_ day: SunDay) -> String {
        var parts: [String] = []
        var absences: [String] = []
        switch day.fire {
        case .success(let moment)?: parts.append("fires \(local(moment, day))\(label(job.schedule?.at))")
        case .failure(let absence)?: absences.append(absence.description)
        case nil: break
        }
        switch day.window {
        case .window(let window)?:
            let opens = window.opens.map { "\(local($0, day))\(label(interval?.from?.sunTime))" } ?? "now"
            let closes = window.closes.map { "\(local($0, day))\(label(interval?.until?.sunTime))" }
            parts.append("window \(opens)" + (closes.map { " to \($0)" } ?? ""))
        case .absent(let absence)?: absences.append(absence.description)
        case nil: break
        }
        // A day without one of its events says so, in place of what it would have done.
        let name = "\(day.date) \(Self.weekdays[((day.localDay % 7) + 7) % 7])"
        return "  \(name)  " + (absences.isEmpty ? parts : absences).joined(separator: "; ")
    }

    private var interval: IntervalSpec? {
        if case .interval(let spec) = job.capture { return spec }
        return nil
    }

    /// 1970-01-01, local day 0, was a Thursday.
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// `06:16:54 +02:00`, with the date in front when it is not the line's own day.
    private func local(_ date: Date, _ day: SunDay) -> String {
        let sameDay = SolarCalculator.localDay(of: date, in: job.timeZone) == day.localDay
        return (sameDay ? time : dateAndTime).string(from: date)
    }

    private func label(_ sunTime: SunTime?) -> String {
        sunTime.map { " (\($0))" } ?? ""
    }

    static func place(_ location: GeoLocation) -> String {
        let latitude = String(format: "%.2f°%@", abs(location.latitude), location.latitude < 0 ? "S" : "N")
        let longitude = String(format: "%.2f°%@", abs(location.longitude), location.longitude < 0 ? "W" : "E")
        let metres = location.elevation == location.elevation.rounded()
            ? String(Int(location.elevation)) : String(format: "%.1f", location.elevation)
        let elevation = location.elevation == 0 ? "" : ", \(metres) m"
        return "\(latitude) \(longitude)\(elevation)"
    }

    static func formatter(_ zone: TimeZone, _ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter
    }
}

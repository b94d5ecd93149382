import CamschedCore
import Foundation

/// The `schedule` section: when the daemon starts the job (`cron`, a sun event `at`, or `always`).
struct ScheduleDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> ScheduleSpec? {
        guard let object = reader.object(node, path, keys: ["cron", "at", "always", "timezone", "missed"]) else { return nil }
        let given = ["cron", "at", "always"].filter(object.has)
        let time: ScheduleTime?
        switch given.first {
        case _ where given.count > 1:
            reader.report(object.path(given[1]), object.keyLocation(given[1]) ?? node.location,
                          "use only one of \"cron\", \"at\" and \"always\": \"cron\" fires at clock times, \"at\" once a day at a sun event, \"always\" keeps the job running")
            time = nil
        case nil:
            reader.report(path, node.location,
                          "needs \"cron\" (e.g. \"0 6 * * *\"), \"at\" (a sun event, e.g. \"sunrise-30m\") or \"always\": true")
            time = nil
        case "cron": time = reader.field(object, "cron", cronExpression).map(ScheduleTime.cron)
        case "at": time = reader.field(object, "at", reader.sunTime).map(ScheduleTime.sun)
        default: time = reader.field(object, "always", always)
        }
        let timeZone = reader.field(object, "timezone", timeZone)
        let missed = reader.field(object, "missed") { reader.choice($0, $1, MissedFirePolicy.self) }
        if time == .always, object.has("missed") {
            reader.report(object.path("missed"), object.keyLocation("missed") ?? node.location,
                          "\"missed\" is for fire times, and \"always\" has none: the daemon starts the job at once and again after each end; remove \"missed\"")
        }
        guard let time else { return nil }
        return ScheduleSpec(time: time, timeZone: timeZone ?? .current, missed: missed ?? .skip)
    }

    private func always(_ node: JSONNode, _ path: JobPath) -> ScheduleTime? {
        guard let flag = reader.bool(node, path) else { return nil }
        guard flag else {
            reader.report(path, node.location, "only true is allowed; for a job the daemon should not run, leave \"schedule\" out")
            return nil
        }
        return .always
    }

    private func cronExpression(_ node: JSONNode, _ path: JobPath) -> CronExpression? {
        guard let text = reader.string(node, path) else { return nil }
        do {
            return try CronExpression(parsing: text)
        } catch {
            reader.report(path, node.location, "invalid cron expression \(JSONNode.quoted(text)): \(error)")
            return nil
        }
    }

    private func timeZone(_ node: JSONNode, _ path: JobPath) -> TimeZone? {
        guard let text = reader.string(node, path) else { return nil }
        guard !text.isEmpty, let zone = TimeZone(identifier: text) else {
            var message = "\(node.shortDescription) is not a known time zone; use an IANA name such as \"Europe/Berlin\", \"America/New_York\" or \"UTC\""
            if let suggestion = NameSuggester.suggestion(for: text, among: TimeZone.knownTimeZoneIdentifiers) {
                message = "\(node.shortDescription) is not a known time zone; did you mean \(JSONNode.quoted(suggestion))?"
            }
            reader.report(path, node.location, message)
            return nil
        }
        return zone
    }
}

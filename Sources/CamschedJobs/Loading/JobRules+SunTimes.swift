import CamschedCore
import Foundation

extension JobRules {
    /// A sun-relative time needs a place: reported at each one when neither the job nor
    /// `$CAMSCHED_LOCATION` gives it.
    static func sunEventsHaveALocation(_ job: JobSections, _ reader: JobReader) {
        let (root, location) = (job.root, job.location)
        // A location given but wrong has been reported already.
        guard location == nil, !root.has("location"), reader.environment[LocationDecoder.variable] == nil else { return }
        let fix = "a sun event needs a location: add \"location\": {\"latitude\": …, \"longitude\": …} to the job, "
            + "or set \(LocationDecoder.variable) (e.g. for the daemon)"
        var places: [(JobPath, JSONNode)] = []
        if let schedule = root.node("schedule"), case .object(let members) = schedule.value,
           let at = members.first(where: { $0.key == "at" }), Self.isSunTime(at.value) {
            places.append((root.path("schedule").key("at"), at.value))
        }
        if let capture = root.node("capture"), case .object(let kinds) = capture.value,
           let interval = kinds.first(where: { $0.key == "interval" }), case .object(let members) = interval.value.value {
            let intervalPath = root.path("capture").key("interval")
            for member in members where ["from", "until"].contains(member.key) {
                if Self.isSunTime(member.value) { places.append((intervalPath.key(member.key), member.value)) }
            }
        }
        for (path, node) in places {
            reader.report(path, node.location, "\(node.shortDescription): \(fix)")
        }
    }

    /// Whether a value is a valid sun-relative time (invalid ones are reported as such).
    private static func isSunTime(_ node: JSONNode) -> Bool {
        guard case .string(let text) = node.value else { return false }
        return (try? SunTime(parsing: text)) != nil
    }
}

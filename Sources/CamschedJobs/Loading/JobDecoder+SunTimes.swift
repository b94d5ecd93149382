import CamschedCore
import Foundation

extension JobDecoder {
    /// A sun-relative time: `"sunrise"`, `"sunset+30m"`, `"dawn-1h"`.
    func sunTime(_ node: JSONNode, _ path: JobPath) -> SunTime? {
        guard let text = string(node, path) else { return nil }
        do {
            return try SunTime(parsing: text)
        } catch {
            report(path, node.location, error.description)
            return nil
        }
    }

    /// `capture.interval.from` and `until`: an RFC 3339 time (it starts with a digit) or a
    /// sun-relative time (it starts with an event's name).
    func intervalBound(_ node: JSONNode, _ path: JobPath) -> IntervalBound? {
        guard case .string(let text) = node.value else {
            typeMismatch(node, path, expected: "an RFC 3339 time or a sun event such as \"sunset+30m\"")
            return nil
        }
        if text.first?.isNumber == true { return date(node, path).map(IntervalBound.time) }
        let name = String(text.prefix { $0 != "+" && $0 != "-" })
        let names = SunEvent.allCases.map(\.rawValue)
        guard SunEvent(rawValue: name) != nil || NameSuggester.suggestion(for: name, among: names) != nil else {
            // Neither a time nor near an event's name: say what both look like.
            report(path, node.location,
                   "\(node.shortDescription) is neither an RFC 3339 time nor a sun event such as \"sunset+30m\"; write a time like "
                   + RFC3339DateParser.syntaxHint.replacingOccurrences(of: "write it like ", with: "")
                   + ", or one of \(names.joined(separator: ", ")) with an optional offset")
            return nil
        }
        return sunTime(node, path).map(IntervalBound.sun)
    }

    /// Two fixed bounds must leave room for a shot: `from` before `until`.
    func checkWindowOrder(_ object: ObjectReader, _ spec: IntervalSpec) {
        guard let from = spec.from?.date, let until = spec.until?.date, until <= from,
              let node = object.node("until") else { return }
        report(object.path("until"), node.location,
               "\(node.shortDescription) is not after \"from\" (\(JSONNode.quoted(spec.from?.description ?? ""))); no shot would be taken")
    }

    /// A sun-relative time needs a place: reported at each one when neither the job nor
    /// `$CAMSCHED_LOCATION` gives it.
    func checkSunTimesHaveLocation(_ root: ObjectReader, location: GeoLocation?) {
        // A location given but wrong has been reported already.
        guard location == nil, !root.has("location"), environment[Self.locationVariable] == nil else { return }
        let fix = "a sun event needs a location: add \"location\": {\"latitude\": …, \"longitude\": …} to the job, "
            + "or set \(Self.locationVariable) (e.g. for the daemon)"
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
            report(path, node.location, "\(node.shortDescription): \(fix)")
        }
    }

    /// Whether a value is a valid sun-relative time (invalid ones are reported as such).
    private static func isSunTime(_ node: JSONNode) -> Bool {
        guard case .string(let text) = node.value else { return false }
        return (try? SunTime(parsing: text)) != nil
    }
}

import CamschedCore
import Foundation

/// `capture.interval`: a time-lapse, a shot every period within a window.
struct IntervalDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> IntervalSpec? {
        let keys = ["every", "count", "duration", "from", "until", "align", "keepOpen", "assemble"]
        guard let object = reader.object(node, path, keys: keys) else { return nil }
        let every = reader.requiredField(object, "every") { reader.duration($0, $1, in: JobLimits.intervalPeriod) }
        var spec = IntervalSpec(every: every ?? .seconds(1))
        spec.count = reader.field(object, "count") { reader.integer($0, $1, in: JobLimits.intervalCount) }.map { Int($0) }
        spec.duration = reader.field(object, "duration", reader.positiveDuration)
        spec.from = reader.field(object, "from", intervalBound)
        spec.until = reader.field(object, "until", intervalBound)
        checkWindowOrder(object, spec)
        let ends = ["count", "duration", "until"].filter(object.has)
        if ends.isEmpty {
            reader.report(path, node.location,
                          "needs one of \"count\", \"duration\" or \"until\"; without an end the interval would run forever")
        } else if ends.count > 1 {
            let names = ends.map(JSONNode.quoted)
            reader.report(path, node.location,
                          "use only one of \"count\", \"duration\" and \"until\"; found \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1])")
        }
        if let every, let count = spec.count, every * (count - 1) > JobLimits.maximumDuration, let countNode = object.node("count") {
            // The last shot's time must stay a date every later step can print and file.
            reader.report(object.path("count"), countNode.location,
                          "\(count) shots every \(every.compactDescription) take more than 100 years; shorten \"every\" or \"count\"")
        }
        if let align = reader.field(object, "align", reader.bool) { spec.align = align }
        if let keepOpen = reader.field(object, "keepOpen", keepOpen) { spec.keepOpen = keepOpen }
        if let assembly = reader.field(object, "assemble", assemble) {
            (spec.assembleFPS, spec.assembleDeflicker) = (assembly.fps, assembly.deflicker)
        }
        return every == nil ? nil : spec
    }

    private func keepOpen(_ node: JSONNode, _ path: JobPath) -> KeepOpenPolicy? {
        switch node.value {
        case .bool(let flag): return flag ? .always : .never
        case .string("auto"): return .auto
        default:
            reader.typeMismatch(node, path, expected: "\"auto\", true or false")
            return nil
        }
    }

    /// `true` (30 fps), `false`, or `{"fps": N, "deflicker": true}`; nil when invalid.
    private func assemble(_ node: JSONNode, _ path: JobPath) -> (fps: Double?, deflicker: Bool)? {
        switch node.value {
        case .bool(let flag): return (flag ? 30 : nil, false)
        case .object:
            guard let object = reader.object(node, path, keys: ["fps", "deflicker"]) else { return nil }
            let fps = reader.field(object, "fps") { reader.number($0, $1, in: JobLimits.assembleFrameRate) } ?? 30
            return (fps, reader.field(object, "deflicker", reader.bool) ?? false)
        default:
            reader.typeMismatch(node, path, expected: "true, false or {\"fps\": N, \"deflicker\": true}")
            return nil
        }
    }

    /// `capture.interval.from` and `until`: an RFC 3339 time (it starts with a digit) or a
    /// sun-relative time (it starts with an event's name).
    private func intervalBound(_ node: JSONNode, _ path: JobPath) -> IntervalBound? {
        guard case .string(let text) = node.value else {
            reader.typeMismatch(node, path, expected: "an RFC 3339 time or a sun event such as \"sunset+30m\"")
            return nil
        }
        if text.first?.isNumber == true { return reader.date(node, path).map(IntervalBound.time) }
        let name = String(text.prefix { $0 != "+" && $0 != "-" })
        let names = SunEvent.allCases.map(\.rawValue)
        guard SunEvent(rawValue: name) != nil || NameSuggester.suggestion(for: name, among: names) != nil else {
            // Neither a time nor near an event's name: say what both look like.
            reader.report(path, node.location,
                          "\(node.shortDescription) is neither an RFC 3339 time nor a sun event such as \"sunset+30m\"; write a time like "
                          + RFC3339DateParser.syntaxHint.replacingOccurrences(of: "write it like ", with: "")
                          + ", or one of \(names.joined(separator: ", ")) with an optional offset")
            return nil
        }
        return reader.sunTime(node, path).map(IntervalBound.sun)
    }

    /// Two fixed bounds must leave room for a shot: `from` before `until`.
    private func checkWindowOrder(_ object: ObjectReader, _ spec: IntervalSpec) {
        guard let from = spec.from?.date, let until = spec.until?.date, until <= from,
              let node = object.node("until") else { return }
        reader.report(object.path("until"), node.location,
                      "\(node.shortDescription) is not after \"from\" (\(JSONNode.quoted(spec.from?.description ?? ""))); no shot would be taken")
    }
}

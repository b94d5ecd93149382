import CamschedCore
import Foundation

/// `"ramp"` of `camera.exposure`: its keys (the checks that need the rest of the job are the rule
/// ``JobRules/rampNeedsAnInterval``).
struct RampDecoder {
    let reader: JobReader

    static let keys = ["target", "maxExposure", "maxGain", "maxStep"]

    /// The ramp keys of an exposure object `{"mode": "ramp", "target": …}`.
    func rampSpec(_ object: ObjectReader) -> RampSpec {
        var spec = RampSpec()
        if let target = reader.field(object, "target", rampTarget) { spec.target = target }
        spec.maxExposure = reader.field(object, "maxExposure") { reader.duration($0, $1, in: JobLimits.rampExposure) }
        if let gain = reader.field(object, "maxGain", { reader.number($0, $1, in: JobLimits.rampGain) }) { spec.maxGain = gain }
        if let step = reader.field(object, "maxStep", rampStep) { spec.maxStep = step }
        return spec
    }

    /// Ramp keys given with a mode other than `ramp`.
    func checkRampKeys(_ object: ObjectReader, mode: ControlMode) {
        if case .ramp = mode { return }
        for key in Self.keys where object.has(key) {
            reader.report(object.path(key), object.keyLocation(key) ?? object.location,
                          "\(JSONNode.quoted(key)) belongs to {\"mode\": \"ramp\"}; leave it out or use that mode")
        }
    }

    private func rampTarget(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard let value = reader.number(node, path) else { return nil }
        guard value.isFinite, value > 0, value < 1 else {
            reader.report(path, node.location,
                          "must be more than 0 and less than 1 (the mean brightness aimed at; 0.45 is a usual mid-grey), found \(node.shortDescription)")
            return nil
        }
        return value
    }

    /// `"0.3EV"`, `"1/3 EV"` or a number of EV.
    private func rampStep(_ node: JSONNode, _ path: JobPath) -> Double? {
        let value: Double?
        switch node.value {
        case .number(let number): value = number.value
        case .string(let text): value = Self.exposureValue(text)
        default:
            reader.typeMismatch(node, path, expected: "a step in EV such as \"0.3EV\"")
            return nil
        }
        guard let value else {
            reader.report(path, node.location, "\(node.shortDescription) is not a step in EV; write it as \"0.3EV\", \"1/3EV\" or a number such as 0.3")
            return nil
        }
        guard value.isFinite, value > 0, value <= JobLimits.rampStep.upperBound else {
            reader.report(path, node.location,
                          "must be more than 0 EV and at most \(JobReader.format(JobLimits.rampStep.upperBound)) EV per shot, found \(node.shortDescription)")
            return nil
        }
        return value
    }

    /// The number of `"0.3EV"`, `"0.3 ev"` or `"1/3EV"`; nil when it is none of these.
    private static func exposureValue(_ text: String) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.lowercased().hasSuffix("ev") { body = String(body.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 {
            return numerator / denominator
        }
        guard parts.count == 1, !body.isEmpty, body.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return Double(body)
    }
}

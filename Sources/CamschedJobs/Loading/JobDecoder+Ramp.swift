import CamschedCore
import Foundation

/// `"ramp"` of `camera.exposure` and `camera.whiteBalance`: its keys, and the checks that need
/// the rest of the job (an interval job, `maxExposure` within its period).
extension JobDecoder {
    /// Which control a mode is for: only exposure and white balance can ramp.
    enum RampableControl { case none, exposure, whiteBalance }

    static let rampKeys = ["target", "maxExposure", "maxGain", "maxStep"]

    /// The ramp keys of an exposure object `{"mode": "ramp", "target": …}`.
    func rampSpec(_ object: ObjectReader) -> RampSpec {
        var spec = RampSpec()
        if let target = field(object, "target", rampTarget) { spec.target = target }
        spec.maxExposure = field(object, "maxExposure") { duration($0, $1, in: JobLimits.rampExposure) }
        if let gain = field(object, "maxGain", { number($0, $1, in: JobLimits.rampGain) }) { spec.maxGain = gain }
        if let step = field(object, "maxStep", rampStep) { spec.maxStep = step }
        return spec
    }

    /// Ramp keys given with a mode other than `ramp`.
    func checkRampKeys(_ object: ObjectReader, mode: ControlMode) {
        if case .ramp = mode { return }
        for key in Self.rampKeys where object.has(key) {
            report(object.path(key), object.keyLocation(key) ?? object.location,
                   "\(JSONNode.quoted(key)) belongs to {\"mode\": \"ramp\"}; leave it out or use that mode")
        }
    }

    private func rampTarget(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard value.isFinite, value > 0, value < 1 else {
            report(path, node.location,
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
            typeMismatch(node, path, expected: "a step in EV such as \"0.3EV\"")
            return nil
        }
        guard let value else {
            report(path, node.location, "\(node.shortDescription) is not a step in EV; write it as \"0.3EV\", \"1/3EV\" or a number such as 0.3")
            return nil
        }
        guard value.isFinite, value > 0, value <= JobLimits.rampStep.upperBound else {
            report(path, node.location,
                   "must be more than 0 EV and at most \(JobDecoder.format(JobLimits.rampStep.upperBound)) EV per shot, found \(node.shortDescription)")
            return nil
        }
        return value
    }

    /// The number of `"0.3EV"`, `"0.3 ev"` or `"1/3EV"`; nil when it is none of these.
    static func exposureValue(_ text: String) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.lowercased().hasSuffix("ev") { body = String(body.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 {
            return numerator / denominator
        }
        guard parts.count == 1, !body.isEmpty, body.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return Double(body)
    }

    /// A ramp needs an interval job (it steps between shots) and a `maxExposure` no longer
    /// than the interval's `every`.
    func checkRamp(_ object: ObjectReader, camera: CameraSettings, capture: CaptureSpec?) {
        guard let capture else { return }
        let ramps = [("exposure", camera.exposure), ("whiteBalance", camera.whiteBalance)].filter {
            if case .ramp? = $0.1?.mode { return true }
            return false
        }
        guard !ramps.isEmpty else { return }
        let cameraNode = object.node("camera")
        guard case let .interval(interval) = capture else {
            for (name, _) in ramps {
                let node = cameraNode.flatMap { Self.member($0, name) }
                report(JobPath.root.key("camera").key(name), node?.value.location ?? cameraNode?.location ?? object.location,
                       "\"ramp\" steps the camera between the shots of an interval (time-lapse) job, and this job is not one; use \"continuous\", \"auto\" or \"locked\"")
            }
            return
        }
        guard case let .ramp(spec)? = camera.exposure?.mode, let longest = spec.maxExposure, longest > interval.every else { return }
        let node = cameraNode.flatMap { Self.member($0, "exposure") }.flatMap { member -> JSONNode? in
            guard case .object = member.value.value else { return nil }
            return Self.member(member.value, "maxExposure")?.value
        }
        report(JobPath.root.key("camera").key("exposure").key("maxExposure"), node?.location ?? object.location,
               "maxExposure \(longest.compactDescription) is longer than the interval's every \(interval.every.compactDescription): an exposure cannot outlast the time between shots; make maxExposure at most \(interval.every.compactDescription)")
    }
}

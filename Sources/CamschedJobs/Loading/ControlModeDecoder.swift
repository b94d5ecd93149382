import CamschedCore
import Foundation

/// `camera.focus`, `camera.exposure` and `camera.whiteBalance`: a mode name, `{"manual": VALUE}`
/// or an object with a mode, a point of interest and whether the control is required.
struct ControlModeDecoder {
    /// Which control a mode is for: only exposure and white balance can ramp.
    enum Control { case none, exposure, whiteBalance }

    let reader: JobReader
    let control: Control

    func decode(_ node: JSONNode, _ path: JobPath) -> ControlModeSetting? {
        switch node.value {
        case .string(let text):
            guard let mode = simpleMode(text, node, path) else { return nil }
            return ControlModeSetting(mode: mode)
        case .object:
            let keys = ["mode", "manual", "pointOfInterest", "required"] + (control == .exposure ? RampDecoder.keys : [])
            guard let object = reader.object(node, path, keys: keys) else { return nil }
            var setting = ControlModeSetting()
            switch (object.node("mode"), object.node("manual")) {
            case (nil, nil):
                reader.report(path, node.location, "missing \"mode\" or \"manual\"")
            case (.some, .some):
                reader.report(object.path("manual"), object.keyLocation("manual") ?? node.location,
                              "use either \"mode\" or \"manual\", not both")
            case (let mode?, nil):
                if let text = reader.string(mode, object.path("mode")),
                   let parsed = simpleMode(text, mode, object.path("mode")) {
                    setting.mode = parsed
                    if case .ramp = parsed, control == .exposure { setting.mode = .ramp(RampDecoder(reader: reader).rampSpec(object)) }
                }
            case (nil, let manual?):
                if let value = reader.number(manual, object.path("manual"), in: JobLimits.manualControl) { setting.mode = .manual(value) }
            }
            if control == .exposure { RampDecoder(reader: reader).checkRampKeys(object, mode: setting.mode) }
            setting.pointOfInterest = reader.field(object, "pointOfInterest", pointOfInterest)
            if let required = reader.field(object, "required", reader.bool) { setting.required = required }
            return setting
        default:
            let ramp = control == .none ? "" : ", \"ramp\""
            reader.typeMismatch(node, path, expected: "\"continuous\", \"auto\", \"locked\"\(ramp) or {\"manual\": VALUE}")
            return nil
        }
    }

    private func simpleMode(_ text: String, _ node: JSONNode, _ path: JobPath) -> ControlMode? {
        switch text {
        case "continuous": return .continuous
        case "auto": return .auto
        case "locked": return .locked
        case "ramp" where control != .none: return .ramp(RampSpec())
        case "ramp":
            reader.report(path, node.location, "focus cannot ramp (only exposure and white balance follow the light); use \"continuous\", \"auto\", \"locked\" or {\"manual\": VALUE}")
            return nil
        case "manual":
            reader.report(path, node.location, "\"manual\" needs a value; write {\"manual\": VALUE}")
            return nil
        default:
            let names = ["continuous", "auto", "locked"] + (control == .none ? [] : ["ramp"])
            let ramp = control == .none ? "" : ", \"ramp\""
            var message = "\(node.shortDescription) is not one of \"continuous\", \"auto\", \"locked\"\(ramp) or {\"manual\": VALUE}"
            if let suggestion = NameSuggester.suggestion(for: text, among: names) {
                message += "; did you mean \(JSONNode.quoted(suggestion))?"
            }
            reader.report(path, node.location, message)
            return nil
        }
    }

    private func pointOfInterest(_ node: JSONNode, _ path: JobPath) -> PointOfInterest? {
        guard case .array(let elements) = node.value, elements.count == 2,
              case .number(let x) = elements[0].value, case .number(let y) = elements[1].value,
              (0...1).contains(x.value), (0...1).contains(y.value) else {
            reader.report(path, node.location, "expected [x, y] with each between 0 and 1, found \(node.shortDescription)")
            return nil
        }
        return PointOfInterest(x: x.value, y: y.value)
    }
}

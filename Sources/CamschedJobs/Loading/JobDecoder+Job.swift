import CamschedCore
import Foundation

extension JobDecoder {
    static let jobKeys = [
        "$schema", "name", "description", "camera", "capture", "throttle", "still", "output",
        "retention", "hooks", "schedule", "pressureFrom", "location", "mqtt",
    ]

    /// Decodes a whole job file; `nil` when there were problems (see ``problems``).
    func job(_ node: JSONNode, sourceURL: URL?) -> Job? {
        guard case .object = node.value else {
            report(.root, node.location, "a job file must contain a JSON object, found \(node.shortDescription)")
            return nil
        }
        guard let object = object(node, .root, keys: JobDecoder.jobKeys) else { return nil }
        _ = field(object, "$schema", string)
        let name = requiredField(object, "name", jobName)
        let description = field(object, "description", string)
        let camera = field(object, "camera", camera) ?? CameraSettings()
        let capture = requiredField(object, "capture", capture)
        let throttle = field(object, "throttle", throttle) ?? ThrottleSpec()
        let still = field(object, "still", still) ?? StillSpec()
        let output = output(object.node("output"), object.path("output"))
        checkPathLength(object, name: name, output: output)
        if let (kind, spec) = Self.encoding(of: capture), spec.copiesCameraStream {
            checkCopy(object, camera: camera)
            checkCopyNeedsNoPixels(object, camera: camera, spec: spec, kind: kind)
        }
        checkRamp(object, camera: camera, capture: capture)
        let retention = field(object, "retention", retention) ?? RetentionSpec()
        let hooks = field(object, "hooks", hooks) ?? HooksSpec()
        let schedule = field(object, "schedule", schedule)
        checkAlways(object, schedule: schedule, capture: capture)
        let pressureFrom = field(object, "pressureFrom", filePath).map(resolvePath)
        let location = object.has("location") ? field(object, "location", location) : environmentLocation()
        checkSunTimesHaveLocation(object, location: location)
        let mqtt = field(object, "mqtt", mqtt)
        guard problems.isEmpty, let name, let capture else { return nil }
        return Job(
            name: name, description: description, camera: camera, capture: capture, throttle: throttle,
            still: still, output: output, retention: retention, hooks: hooks, schedule: schedule,
            pressureFrom: pressureFrom, sourceURL: sourceURL, location: location, mqtt: mqtt)
    }

    private func jobName(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let name = nonEmptyString(node, path) else { return nil }
        let safe = name.count <= 100 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard safe else {
            report(path, node.location,
                   "\(node.shortDescription) is not a safe file name; use up to 100 letters, digits, \"-\", \"_\" and \".\", not starting with \".\"")
            return nil
        }
        if let reserved = Job.reservedNameProblem(name) {
            report(path, node.location, "\(node.shortDescription) \(reserved)")
            return nil
        }
        return name
    }
}

import CamschedCore
import Foundation

/// Turns the JSON tree of a job file into a ``Job``: each section is read by its own decoder
/// (``CameraDecoder``, ``CaptureDecoder``, ``OutputDecoder``…) through one shared ``JobReader``,
/// which collects every problem rather than stopping at the first; then the checks that span
/// sections, ``JobRules/all``, run on what was decoded.
final class JobDecoder {
    static let keys = [
        "$schema", "name", "description", "camera", "capture", "throttle", "still", "output",
        "retention", "hooks", "schedule", "pressureFrom", "location", "mqtt",
    ]

    private let reader: JobReader

    init(baseDirectory: URL?, rootDirectory: URL? = nil, environment: [String: String] = [:]) {
        reader = JobReader(baseDirectory: baseDirectory, rootDirectory: rootDirectory, environment: environment)
    }

    /// Every problem found, in the order found.
    var problems: [JobProblem] { reader.problems }

    /// Problems in file order (by line and column, then in the order found).
    var sortedProblems: [JobProblem] { reader.sortedProblems }

    /// Decodes a whole job file; `nil` when there were problems (see ``problems``).
    func job(_ node: JSONNode, sourceURL: URL?) -> Job? {
        guard case .object = node.value else {
            reader.report(.root, node.location, "a job file must contain a JSON object, found \(node.shortDescription)")
            return nil
        }
        guard let object = reader.object(node, .root, keys: Self.keys) else { return nil }
        _ = reader.field(object, "$schema", reader.string)
        let name = reader.requiredField(object, "name", jobName)
        let description = reader.field(object, "description", reader.string)
        let camera = reader.field(object, "camera", CameraDecoder(reader: reader).decode) ?? CameraSettings()
        let capture = reader.requiredField(object, "capture", CaptureDecoder(reader: reader).decode)
        let throttle = reader.field(object, "throttle", ThrottleDecoder(reader: reader).decode) ?? ThrottleSpec()
        let still = reader.field(object, "still", StillDecoder(reader: reader).decode) ?? StillSpec()
        let output = OutputDecoder(reader: reader).decode(object.node("output"), object.path("output"))
        let retention = reader.field(object, "retention", RetentionDecoder(reader: reader).decode) ?? RetentionSpec()
        let hooks = reader.field(object, "hooks", HooksDecoder(reader: reader).decode) ?? HooksSpec()
        let schedule = reader.field(object, "schedule", ScheduleDecoder(reader: reader).decode)
        let pressureFrom = reader.field(object, "pressureFrom", reader.filePath).map(reader.resolvePath)
        let locations = LocationDecoder(reader: reader)
        let location = object.has("location") ? reader.field(object, "location", locations.decode) : locations.environmentLocation()
        let mqtt = reader.field(object, "mqtt", MQTTDecoder(reader: reader).decode)
        JobRules.check(JobSections(root: object, name: name, camera: camera, capture: capture, output: output,
                                   schedule: schedule, location: location), reader)
        guard reader.problems.isEmpty, let name, let capture else { return nil }
        return Job(
            name: name, description: description, camera: camera, capture: capture, throttle: throttle,
            still: still, output: output, retention: retention, hooks: hooks, schedule: schedule,
            pressureFrom: pressureFrom, sourceURL: sourceURL, location: location, mqtt: mqtt)
    }

    /// `name`: a safe file name, as it names the job's folder and files.
    private func jobName(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let name = reader.nonEmptyString(node, path) else { return nil }
        let safe = name.count <= 100 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard safe else {
            reader.report(path, node.location,
                          "\(node.shortDescription) is not a safe file name; use up to 100 letters, digits, \"-\", \"_\" and \".\", not starting with \".\"")
            return nil
        }
        if let reserved = Job.reservedNameProblem(name) {
            reader.report(path, node.location, "\(node.shortDescription) \(reserved)")
            return nil
        }
        return name
    }
}

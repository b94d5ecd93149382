import CamschedCore
import Foundation

extension JobDecoder {
    func throttle(_ node: JSONNode, _ path: JobPath) -> ThrottleSpec {
        var spec = ThrottleSpec()
        guard let object = object(node, path, keys: ["serious", "critical", "shutdown", "recoverAfter"]) else {
            return spec
        }
        let serious = field(object, "serious", frameRate)
        let critical = field(object, "critical", frameRate)
        if let serious { spec.serious = serious }
        if let critical {
            spec.critical = critical
        } else if object.node("critical") == nil, let serious {
            // Only "serious" given, below the default "critical": critical follows it down.
            spec.critical = min(spec.critical, serious)
        }
        if let critical, critical > spec.serious, let criticalNode = object.node("critical") {
            report(object.path("critical"), criticalNode.location,
                   "must not be more than \"serious\" (\(JobDecoder.format(spec.serious))), found \(criticalNode.shortDescription)")
        }
        if let shutdown = field(object, "shutdown", throttleAction) {
            spec.shutdown = shutdown
            if case .limit(let fps) = shutdown, fps > spec.critical, let shutdownNode = object.node("shutdown") {
                report(object.path("shutdown"), shutdownNode.location,
                       "must not be more than \"critical\" (\(JobDecoder.format(spec.critical))), found \(shutdownNode.shortDescription)")
            }
        }
        if let recoverAfter = field(object, "recoverAfter", { duration($0, $1, in: JobLimits.recoverAfter) }) {
            spec.recoverAfter = recoverAfter
        }
        return spec
    }

    private func throttleAction(_ node: JSONNode, _ path: JobPath) -> ThrottleAction? {
        switch node.value {
        case .string("stop"): return .stop
        case .number: return frameRate(node, path).map { .limit(fps: $0) }
        default:
            typeMismatch(node, path, expected: "\"stop\" or a frame rate")
            return nil
        }
    }

    func still(_ node: JSONNode, _ path: JobPath) -> StillSpec {
        var spec = StillSpec()
        guard let object = object(node, path, keys: ["format", "quality"]) else { return spec }
        if let format = field(object, "format", { choice($0, $1, StillFormat.self) }) { spec.format = format }
        if let quality = field(object, "quality", { integer($0, $1, in: JobLimits.stillQuality) }) { spec.quality = Int(quality) }
        return spec
    }

    func output(_ node: JSONNode?, _ path: JobPath) -> OutputSpec {
        var spec = OutputSpec(root: resolveRoot(OutputSpec.defaultRoot))
        guard let node, let object = object(node, path, keys: ["root", "path", "sidecar", "exif", "catalog", "latest", "faststart"]) else {
            return spec
        }
        if let root = field(object, "root", filePath) { spec.root = resolveRoot(root) }
        if let template = field(object, "path", pathTemplate) { spec.path = template }
        if let sidecar = field(object, "sidecar", bool) { spec.sidecar = sidecar }
        if let exif = field(object, "exif", bool) { spec.exif = exif }
        if let catalog = field(object, "catalog", catalogSetting) { (spec.catalog, spec.fleet) = catalog }
        if let latest = field(object, "latest", bool) { spec.latest = latest }
        if let faststart = field(object, "faststart", bool) { spec.faststart = faststart }
        if spec.latest, let node = object.node("path"), OutputSpec.namesLatestLink(spec.path) {
            report(object.path("path"), node.location,
                   "\(node.shortDescription) files under the name of the \"latest\" link, which \"latest\": true keeps for the link; name the files otherwise (e.g. \"{job}/{seq}\") or turn \"latest\" off")
        }
        return spec
    }

    /// A file or folder path: not empty, at most `PATH_MAX` bytes.
    func filePath(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = nonEmptyString(node, path) else { return nil }
        guard text.utf8.count <= JobLimits.maximumPathBytes else {
            report(path, node.location, "is \(text.utf8.count) bytes long; a path may have at most \(JobLimits.maximumPathBytes)")
            return nil
        }
        return text
    }

    private func pathTemplate(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = string(node, path) else { return nil }
        do {
            _ = try PathTemplate(parsing: text)
            return text
        } catch {
            for problem in error.problems { report(path, node.location, problem) }
            return nil
        }
    }

    func retention(_ node: JSONNode, _ path: JobPath) -> RetentionSpec {
        var spec = RetentionSpec()
        guard let object = object(node, path, keys: ["maxAge", "maxSize", "minFree"]) else { return spec }
        spec.maxAge = field(object, "maxAge", positiveDuration)
        spec.maxSize = field(object, "maxSize") { byteSize($0, $1, positive: true) }
        spec.minFree = field(object, "minFree") { byteSize($0, $1, positive: false) }
        return spec
    }

    func hooks(_ node: JSONNode, _ path: JobPath) -> HooksSpec {
        var spec = HooksSpec()
        guard let object = object(node, path, keys: ["onFile", "onRunEnd", "onCameraLost", "onEvent", "timeout"]) else {
            return spec
        }
        spec.onFile = field(object, "onFile", hook)
        spec.onRunEnd = field(object, "onRunEnd", hook)
        spec.onCameraLost = field(object, "onCameraLost", hook)
        spec.onEvent = field(object, "onEvent", hook)
        if let timeout = field(object, "timeout", { duration($0, $1, in: JobLimits.hookTimeout) }) { spec.timeout = timeout }
        return spec
    }

    private func hook(_ node: JSONNode, _ path: JobPath) -> HookCommand? {
        switch node.value {
        case .string:
            return nonEmptyString(node, path).map(HookCommand.shell)
        case .array(let elements):
            guard !elements.isEmpty else {
                report(path, node.location, "the argument list is empty; give at least the program")
                return nil
            }
            let arguments = elements.enumerated().map { index, element in
                index == 0 ? nonEmptyString(element, path.index(index)) : string(element, path.index(index))
            }
            return arguments.contains(nil) ? nil : .arguments(arguments.compactMap { $0 })
        default:
            typeMismatch(node, path, expected: "a command string or an argument list")
            return nil
        }
    }

    func schedule(_ node: JSONNode, _ path: JobPath) -> ScheduleSpec? {
        guard let object = object(node, path, keys: ["cron", "at", "always", "timezone", "missed"]) else { return nil }
        let given = ["cron", "at", "always"].filter(object.has)
        let time: ScheduleTime?
        switch given.first {
        case _ where given.count > 1:
            report(object.path(given[1]), object.keyLocation(given[1]) ?? node.location,
                   "use only one of \"cron\", \"at\" and \"always\": \"cron\" fires at clock times, \"at\" once a day at a sun event, \"always\" keeps the job running")
            time = nil
        case nil:
            report(path, node.location,
                   "needs \"cron\" (e.g. \"0 6 * * *\"), \"at\" (a sun event, e.g. \"sunrise-30m\") or \"always\": true")
            time = nil
        case "cron": time = field(object, "cron", cronExpression).map(ScheduleTime.cron)
        case "at": time = field(object, "at", sunTime).map(ScheduleTime.sun)
        default: time = field(object, "always", always)
        }
        let timeZone = field(object, "timezone", timeZone)
        let missed = field(object, "missed") { choice($0, $1, MissedFirePolicy.self) }
        if time == .always, object.has("missed") {
            report(object.path("missed"), object.keyLocation("missed") ?? node.location,
                   "\"missed\" is for fire times, and \"always\" has none: the daemon starts the job at once and again after each end; remove \"missed\"")
        }
        guard let time else { return nil }
        return ScheduleSpec(time: time, timeZone: timeZone ?? .current, missed: missed ?? .skip)
    }

    private func always(_ node: JSONNode, _ path: JobPath) -> ScheduleTime? {
        guard let flag = bool(node, path) else { return nil }
        guard flag else {
            report(path, node.location, "only true is allowed; for a job the daemon should not run, leave \"schedule\" out")
            return nil
        }
        return .always
    }

    private func cronExpression(_ node: JSONNode, _ path: JobPath) -> CronExpression? {
        guard let text = string(node, path) else { return nil }
        do {
            return try CronExpression(parsing: text)
        } catch {
            report(path, node.location, "invalid cron expression \(JSONNode.quoted(text)): \(error)")
            return nil
        }
    }

    private func timeZone(_ node: JSONNode, _ path: JobPath) -> TimeZone? {
        guard let text = string(node, path) else { return nil }
        guard !text.isEmpty, let zone = TimeZone(identifier: text) else {
            var message = "\(node.shortDescription) is not a known time zone; use an IANA name such as \"Europe/Berlin\", \"America/New_York\" or \"UTC\""
            if let suggestion = NameSuggester.suggestion(for: text, among: TimeZone.knownTimeZoneIdentifiers) {
                message = "\(node.shortDescription) is not a known time zone; did you mean \(JSONNode.quoted(suggestion))?"
            }
            report(path, node.location, message)
            return nil
        }
        return zone
    }
}

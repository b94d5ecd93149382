import Foundation

/// Turns the JSON tree of a job file into a ``Job``, collecting every problem rather than
/// stopping at the first.
///
/// Converters return `nil` for absent or invalid values (having reported the invalid ones), so
/// decoding carries on with defaults; the job is only returned when no problem was found.
final class JobDecoder {
    private(set) var problems: [JobProblem] = []
    /// The folder relative paths are resolved against: the job file's folder.
    let baseDirectory: URL?
    /// The folder a relative `output.root` is resolved against when it is not the job file's
    /// folder: systemd's `$STATE_DIRECTORY`.
    let rootDirectory: URL?
    /// The environment a run of the job would have: where `camera.credentials`' variable and
    /// `CAMSCHED_CAMERA_CREDENTIALS` are checked.
    let environment: [String: String]

    init(baseDirectory: URL?, rootDirectory: URL? = nil, environment: [String: String] = [:]) {
        self.baseDirectory = baseDirectory
        self.rootDirectory = rootDirectory
        self.environment = environment
    }

    func report(_ path: JobPath, _ location: SourceLocation, _ message: String) {
        problems.append(JobProblem(path: path.description, line: location.line, column: location.column, message: message))
    }

    /// Problems in file order (by line and column, then in the order found).
    var sortedProblems: [JobProblem] {
        problems.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    // MARK: Objects

    /// Reads an object, reporting a wrong type, unknown keys (with a suggestion) and duplicates.
    func object(_ node: JSONNode, _ path: JobPath, keys: [String]) -> ObjectReader? {
        guard case .object(let members) = node.value else {
            report(path, node.location, "expected an object, found \(node.shortDescription)")
            return nil
        }
        var byKey: [String: JSONMember] = [:]
        for member in members {
            if let first = byKey[member.key] {
                report(path.key(member.key), member.keyLocation,
                       "\(JSONNode.quoted(member.key)): duplicate key; the first is at line \(first.keyLocation.line), column \(first.keyLocation.column)")
                continue
            }
            byKey[member.key] = member
            guard keys.contains(member.key) else {
                var message = "\(JSONNode.quoted(member.key)): unknown key"
                if let suggestion = NameSuggester.suggestion(for: member.key, among: keys) {
                    message += "; did you mean \(JSONNode.quoted(suggestion))?"
                } else {
                    message += "; allowed keys: " + keys.map(JSONNode.quoted).joined(separator: ", ")
                }
                report(path.key(member.key), member.keyLocation, message)
                continue
            }
        }
        return ObjectReader(path: path, location: node.location, members: byKey.filter { keys.contains($0.key) })
    }

    /// The value of a required key, reporting it at the object when missing.
    func required(_ object: ObjectReader, _ key: String) -> JSONNode? {
        guard let node = object.node(key) else {
            report(object.path, object.location, "missing required key \(JSONNode.quoted(key))")
            return nil
        }
        return node
    }

    /// Converts an optional member with `convert`; `nil` when absent or invalid.
    func field<T>(_ object: ObjectReader, _ key: String, _ convert: (JSONNode, JobPath) -> T?) -> T? {
        guard let node = object.node(key) else { return nil }
        return convert(node, object.path(key))
    }

    /// Converts a required member with `convert`; reports it when missing.
    func requiredField<T>(_ object: ObjectReader, _ key: String, _ convert: (JSONNode, JobPath) -> T?) -> T? {
        guard let node = required(object, key) else { return nil }
        return convert(node, object.path(key))
    }

    // MARK: Values

    func typeMismatch(_ node: JSONNode, _ path: JobPath, expected: String) {
        report(path, node.location, "expected \(expected), found \(node.shortDescription)")
    }

    /// A string; NUL is refused everywhere, as every string ends up in a C call or a file name.
    func string(_ node: JSONNode, _ path: JobPath) -> String? {
        guard case .string(let text) = node.value else {
            typeMismatch(node, path, expected: "a string")
            return nil
        }
        guard !text.utf8.contains(0) else {
            report(path, node.location, "must not contain the NUL character (\\u0000)")
            return nil
        }
        return text
    }

    func nonEmptyString(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = string(node, path) else { return nil }
        guard !text.isEmpty else {
            report(path, node.location, "must not be empty")
            return nil
        }
        return text
    }

    func bool(_ node: JSONNode, _ path: JobPath) -> Bool? {
        guard case .bool(let value) = node.value else {
            typeMismatch(node, path, expected: "true or false")
            return nil
        }
        return value
    }

    func number(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard case .number(let number) = node.value else {
            typeMismatch(node, path, expected: "a number")
            return nil
        }
        return number.value
    }

    /// A frame rate in ``JobLimits/frameRate``.
    func frameRate(_ node: JSONNode, _ path: JobPath) -> Double? {
        number(node, path, in: JobLimits.frameRate)
    }

    /// A number within `range`.
    func number(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Double>) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard range.contains(value) else {
            report(path, node.location,
                   "must be between \(JobDecoder.format(range.lowerBound)) and \(JobDecoder.format(range.upperBound)), found \(node.shortDescription)")
            return nil
        }
        return value
    }

    func integer(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Int64>) -> Int64? {
        guard case .number(let number) = node.value else {
            typeMismatch(node, path, expected: "a whole number")
            return nil
        }
        guard let value = number.integerValue else {
            typeMismatch(node, path, expected: "a whole number")
            return nil
        }
        guard range.contains(value) else {
            if range.upperBound == .max {
                report(path, node.location, "must be at least \(range.lowerBound), found \(node.shortDescription)")
            } else {
                report(path, node.location,
                       "must be between \(range.lowerBound) and \(range.upperBound), found \(node.shortDescription)")
            }
            return nil
        }
        return value
    }

    /// A duration: a string with units or a number of seconds, within `range`.
    func duration(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Duration>) -> Duration? {
        let parsed: Duration?
        switch node.value {
        case .string(let text): parsed = DurationParser.parse(text)
        case .number(let number): parsed = DurationParser.duration(seconds: number.value)
        default:
            typeMismatch(node, path, expected: "a duration such as \"10s\"")
            return nil
        }
        guard let duration = parsed else {
            report(path, node.location, "\(node.shortDescription) is not a duration; \(DurationParser.syntaxHint)")
            return nil
        }
        guard range.contains(duration) else {
            let low = range.lowerBound
            let bounds = low == .nanoseconds(1) ? "more than 0s" : "at least \(low.compactDescription)"
            let high = range.upperBound == JobLimits.maximumDuration ? "" : " and at most \(range.upperBound.compactDescription)"
            report(path, node.location, "must be \(bounds)\(high), found \(node.shortDescription)")
            return nil
        }
        return duration
    }

    /// A duration more than zero, up to 100 years.
    func positiveDuration(_ node: JSONNode, _ path: JobPath) -> Duration? {
        duration(node, path, in: JobLimits.positiveDuration)
    }

    /// A byte size: a string with units or a number of bytes.
    func byteSize(_ node: JSONNode, _ path: JobPath, positive: Bool) -> Int64? {
        let parsed: Int64?
        switch node.value {
        case .string(let text): parsed = ByteSizeParser.parse(text)
        case .number(let number): parsed = ByteSizeParser.bytes(number.value)
        default:
            typeMismatch(node, path, expected: "a size such as \"500MB\"")
            return nil
        }
        guard let bytes = parsed else {
            report(path, node.location, "\(node.shortDescription) is not a size; \(ByteSizeParser.syntaxHint)")
            return nil
        }
        if positive && bytes <= 0 {
            report(path, node.location, "must be more than 0 bytes, found \(node.shortDescription)")
            return nil
        }
        guard bytes <= JobLimits.maximumBytes else {
            report(path, node.location, "must be at most 1EB (10^18 bytes), found \(node.shortDescription)")
            return nil
        }
        return bytes
    }

    /// One of the string values of an enumeration.
    func choice<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: JobPath, _ type: E.Type) -> E?
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .string(let text) = node.value else {
            typeMismatch(node, path, expected: "one of " + names.map(JSONNode.quoted).joined(separator: ", "))
            return nil
        }
        if let value = E(rawValue: text) { return value }
        var message = "\(JSONNode.quoted(text)) is not one of " + names.map(JSONNode.quoted).joined(separator: ", ")
        if let suggestion = NameSuggester.suggestion(for: text, among: names) {
            message += "; did you mean \(JSONNode.quoted(suggestion))?"
        }
        report(path, node.location, message)
        return nil
    }

    /// A path in the job file: absolute, `~/…`, or relative to the job file's folder.
    func resolvePath(_ path: String) -> URL {
        resolvePath(path, against: baseDirectory)
    }

    /// `output.root`: as ``resolvePath(_:)``, but a relative root goes under `$STATE_DIRECTORY`
    /// when systemd set it.
    func resolveRoot(_ path: String) -> URL {
        resolvePath(path, against: rootDirectory ?? baseDirectory)
    }

    private func resolvePath(_ path: String, against base: URL?) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        if path == "~" || path.hasPrefix("~/") {
            let home = FileManager.default.homeDirectoryForCurrentUser
            return home.appendingPathComponent(String(path.dropFirst(2))).standardizedFileURL
        }
        let base = base
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return base.appendingPathComponent(path).standardizedFileURL
    }

    /// A number for messages: `1`, `0.5`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

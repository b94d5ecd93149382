import CamschedCore
import Foundation

/// What every section decoder of a job file reads through: the objects and values of the JSON
/// tree, each problem reported with its path, line and column, and the folders and environment
/// paths are resolved against. Shared by all the sections of one file, so that the problems of
/// them all are collected in one list rather than stopping at the first.
///
/// Converters return `nil` for absent or invalid values (having reported the invalid ones), so
/// decoding carries on with defaults; the job is only returned when no problem was found.
final class JobReader {
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

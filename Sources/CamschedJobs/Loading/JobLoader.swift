import Foundation

/// Reads job files: parses the JSON, keeping the position of every value, and decodes it into
/// a ``Job``, reporting every problem at once.
package enum JobLoader {
    /// Loads a job file. Relative paths in it are resolved against the file's folder, except a
    /// relative `output.root` under systemd's `StateDirectory=` (see ``stateDirectory(in:)``).
    /// - Parameters:
    ///   - url: the job file; the error names it as given (`url.relativePath`).
    ///   - environment: where `STATE_DIRECTORY` is looked up.
    /// - Throws: `JobFileError` listing every problem, or that the file cannot be read.
    package static func load(
        contentsOf url: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(JobFileError) -> Job {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JobFileError(file: displayName(of: url), problems: [
                JobProblem(path: "", line: 0, column: 0, message: readFailure(url)),
            ])
        }
        return try load(data: data, sourceURL: url, environment: environment)
    }

    /// Loads a job from JSON data.
    /// - Parameters:
    ///   - data: the job file's content.
    ///   - sourceURL: the file it came from: relative paths are resolved against its folder
    ///     (against the current directory when `nil`), and errors name it.
    ///   - environment: where `STATE_DIRECTORY` is looked up: when set, a relative `output.root`
    ///     (and the default root) resolves against it instead; and `CAMSCHED_CATALOG_URL`, the
    ///     fleet catalog of a job whose `output.catalog` is `true`; and the credentials variable of
    ///     a network camera (`camera.credentials`, `CAMSCHED_CAMERA_CREDENTIALS`), checked there.
    /// - Throws: `JobFileError` listing every problem.
    package static func load(
        data: Data, sourceURL: URL?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(JobFileError) -> Job {
        let file = sourceURL.map(displayName(of:))
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw JobFileError(file: file, problems: [
                JobProblem(path: "", line: error.location.line, column: error.location.column,
                           message: "invalid JSON: \(error.message)"),
            ])
        }
        let decoder = JobDecoder(baseDirectory: sourceURL.map { $0.absoluteURL.deletingLastPathComponent() },
                                 rootDirectory: stateDirectory(in: environment), environment: environment)
        guard var job = decoder.job(root, sourceURL: sourceURL), decoder.problems.isEmpty else {
            var problems = decoder.sortedProblems
            if problems.isEmpty {
                problems = [JobProblem(path: "", line: 1, column: 1, message: "the job could not be read")]
            }
            throw JobFileError(file: file, problems: problems)
        }
        if let problem = applyFleetEnvironment(&job, environment: environment) {
            throw JobFileError(file: file, problems: [problem])
        }
        return job
    }

    /// The folder systemd made for the service (`StateDirectory=` sets `$STATE_DIRECTORY`; with
    /// several, they are separated by colons and the first is taken). A job copied into the
    /// service's read-only job folder then files under it, not beside itself.
    package static func stateDirectory(in environment: [String: String]) -> URL? {
        guard let value = environment["STATE_DIRECTORY"],
              let first = value.split(separator: ":").first, first.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: String(first), isDirectory: true).standardizedFileURL
    }

    /// The file as the user named it: relative paths stay relative.
    static func displayName(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    private static func readFailure(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            return "cannot read the job file: no such file"
        }
        if isDirectory.boolValue {
            return "cannot read the job file: it is a folder"
        }
        return "cannot read the job file: permission denied or I/O error"
    }
}

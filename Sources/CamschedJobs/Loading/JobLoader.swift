import Foundation

/// Reads job files: parses the JSON, keeping the position of every value, and decodes it into
/// a ``Job``, reporting every problem at once.
public enum JobLoader {
    /// Loads a job file. Relative paths in it are resolved against the file's folder.
    /// - Parameter url: the job file; the error names it as given (`url.relativePath`).
    /// - Throws: `JobFileError` listing every problem, or that the file cannot be read.
    public static func load(contentsOf url: URL) throws(JobFileError) -> Job {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JobFileError(file: displayName(of: url), problems: [
                JobProblem(path: "", line: 0, column: 0, message: readFailure(url)),
            ])
        }
        return try load(data: data, sourceURL: url)
    }

    /// Loads a job from JSON data.
    /// - Parameters:
    ///   - data: the job file's content.
    ///   - sourceURL: the file it came from: relative paths are resolved against its folder
    ///     (against the current directory when `nil`), and errors name it.
    /// - Throws: `JobFileError` listing every problem.
    public static func load(data: Data, sourceURL: URL?) throws(JobFileError) -> Job {
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
        let decoder = JobDecoder(baseDirectory: sourceURL.map { $0.absoluteURL.deletingLastPathComponent() })
        guard let job = decoder.job(root, sourceURL: sourceURL), decoder.problems.isEmpty else {
            var problems = decoder.sortedProblems
            if problems.isEmpty {
                problems = [JobProblem(path: "", line: 1, column: 1, message: "the job could not be read")]
            }
            throw JobFileError(file: file, problems: problems)
        }
        return job
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

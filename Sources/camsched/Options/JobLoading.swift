import CamschedJobs
import Foundation

/// Loads a job file for a command, or ends with exit code 2 and every problem listed.
enum JobLoading {
    static func load(_ path: String) throws(CLIFailure) -> Job {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIFailure("job file \(path) does not exist", code: .invalidInput)
        }
        do {
            return try JobLoader.load(contentsOf: url)
        } catch {
            throw CLIFailure("\(error)", code: .invalidInput)
        }
    }
}

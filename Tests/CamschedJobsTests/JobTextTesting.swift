import Foundation
@testable import CamschedJobs

/// A suite that loads jobs from JSON text, as `JobLoader` loads the file at `jobFile` (whose
/// name starts each message), and reads the problems it reports.
protocol JobTextTesting {
    /// The path the text is loaded as.
    static var jobFile: String { get }
}

extension JobTextTesting {
    func load(_ json: String) throws -> Job {
        try JobLoader.load(data: Data(json.utf8), sourceURL: URL(fileURLWithPath: Self.jobFile))
    }

    /// Every problem `JobLoader` reports, as the user reads them; `no problems` if it loads.
    func problems(_ json: String) -> String {
        do {
            _ = try load(json)
            return "no problems"
        } catch {
            return "\(error)"
        }
    }
}

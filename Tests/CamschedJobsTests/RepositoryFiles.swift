import Foundation

/// Files of the repository, found from this source file's location.
enum RepositoryFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CamschedJobsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static var schema: URL { root.appendingPathComponent("Documentation/job.schema.json") }

    /// Every `jobs/*.json`, sorted by name.
    static func exampleJobs() throws -> [URL] {
        let folder = root.appendingPathComponent("jobs")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

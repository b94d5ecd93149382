import Foundation

/// Files a test keeps for a person to look at after the run (screenshots of pages and
/// charts): `.build/test-output/` in the repository, kept until the next run of that test.
package enum TestOutput {
    package static let directory = CamschedBinary.repository.appendingPathComponent(".build/test-output")

    /// Copies `file` there as `name`, replacing an older copy; the copy's URL.
    @discardableResult
    package static func keep(_ file: URL, as name: String) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: file, to: target)
        return target
    }
}

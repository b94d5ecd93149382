import CamschedJobs
import Foundation
import Logging
import Testing
@testable import CamschedScheduler

/// Reloading the daemon's job files: an invalid file keeps its job's previous version.
@Suite struct DaemonJobFilesTests {
    static func job(name: String, cron: String) -> String {
        """
        {"name": "\(name)", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "schedule": {"cron": "\(cron)", "timezone": "UTC"}}
        """
    }

    @Test func anInvalidFileKeepsThePreviousVersionAndARemovedFileDropsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-daemonjobs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let garden = folder.appendingPathComponent("garden.json")
        let hall = folder.appendingPathComponent("hall.json")
        try Self.job(name: "garden", cron: "0 12 * * *").write(to: garden, atomically: true, encoding: .utf8)
        try Self.job(name: "hall", cron: "30 * * * *").write(to: hall, atomically: true, encoding: .utf8)
        let logger = Logger(label: "test")

        let first = DaemonJobFiles.load([folder.path], logger: logger)
        #expect(first.jobs.map(\.name) == ["garden", "hall"] && first.problems == 0)
        let previous = Dictionary(uniqueKeysWithValues: first.jobs.map { ($0.sourceURL!.standardizedFileURL.path, $0) })

        // Half-saved by an editor: the old garden job stays, with its old schedule.
        try #"{"name": "garden", "capture": {"interval": {"#.write(to: garden, atomically: true, encoding: .utf8)
        let second = DaemonJobFiles.load([folder.path], previous: previous, logger: logger)
        #expect(second.jobs.map(\.name) == ["garden", "hall"])
        #expect(second.problems == 1 && second.kept.map(\.lastPathComponent) == ["garden.json"])
        #expect(second.jobs.first?.schedule?.cron?.source == "0 12 * * *")

        // Without a previous version (a new file that is invalid) there is nothing to keep.
        let fresh = DaemonJobFiles.load([folder.path], logger: logger)
        #expect(fresh.jobs.map(\.name) == ["hall"] && fresh.problems == 1 && fresh.kept.isEmpty)

        // A removed file drops its job even though a previous version exists.
        try FileManager.default.removeItem(at: garden)
        let third = DaemonJobFiles.load([folder.path], previous: previous, logger: logger)
        #expect(third.jobs.map(\.name) == ["hall"] && third.problems == 0)
    }
}

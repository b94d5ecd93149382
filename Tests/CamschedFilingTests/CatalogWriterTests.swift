import Foundation
import Synchronization
import Testing
@testable import CamschedFiling

/// The run's catalog writer: handing rows over never waits for the catalog; rows arrive in
/// order once it can take them; a full queue drops the oldest file rows, never the run's.
@Suite struct CatalogWriterTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123)

    /// `sqlite3` holding the catalog's write lock until its input closes.
    static func holdLock(_ path: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty)
            seen += chunk
        }
        return (process, input)
    }

    @Test func handingOverNeverWaitsForALockedCatalogAndEveryRowArrivesAfterIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let warnings = Mutex<[String]>([])
        let writer = CatalogWriter(catalog: catalog, logger: nil) { message in warnings.withLock { $0.append(message) } }
        let (holder, input) = try Self.holdLock(folder.path + "/catalog.sqlite")
        let handing = ContinuousClock().measure {
            writer.enqueue(.beginRun(CatalogRun(id: "r1", job: "garden", startedAt: start, status: .running, host: "h", pid: 1)))
            for index in 0..<50 {
                writer.enqueue(.record(SidecarFixtures.still(file: "garden/f\(index).jpg", startedAt: start.addingTimeInterval(Double(index)))))
            }
            writer.enqueue(.endRun(id: "r1", endedAt: start.addingTimeInterval(60), status: .done, exitCode: 0))
        }
        #expect(handing < .milliseconds(200), "handing 52 writes over took \(handing)")
        #expect(writer.drain(timeout: .milliseconds(300)) == 52, "nothing is written while the lock is held")
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(try catalog.files.list().map(\.file) == (0..<50).map { "garden/f\($0).jpg" })
        #expect(try catalog.runs.run(id: "r1")?.status == .done)
    }

    @Test func aFullQueueDropsTheOldestFileRowsNeverTheRunsRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        let writer = CatalogWriter(catalog: catalog, capacity: 5, logger: nil) { _ in }
        let (holder, input) = try Self.holdLock(folder.path + "/catalog.sqlite")
        writer.enqueue(.beginRun(CatalogRun(id: "r1", job: "garden", startedAt: start, status: .running, host: "h", pid: 1)))
        for index in 0..<10 { writer.enqueue(.record(SidecarFixtures.still(file: "garden/f\(index).jpg", startedAt: start))) }
        #expect(writer.backlog == 5 && writer.droppedRows == 6)
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(writer.drain(timeout: .seconds(20)) == 0)
        writer.close()
        #expect(try catalog.files.list().map(\.file) == (6..<10).map { "garden/f\($0).jpg" }, "the newest rows stay")
        #expect(try catalog.runs.run(id: "r1") != nil, "the run's row is never dropped")
    }
}

import Foundation
import Testing

/// Another process holding a catalog's write lock: `sqlite3 catalog.sqlite` inside
/// `BEGIN EXCLUSIVE` until ``release()`` — what a user's own `sqlite3` session, a backup tool or
/// a stuck process does to camsched.
final class CatalogLockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Takes the lock; returns once `sqlite3` says it holds it.
    init(catalog: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [catalog.path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(".timeout 10000\nBEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "sqlite3 ended before it held the lock")
            seen += chunk
        }
    }

    /// Commits (nothing was written) and ends `sqlite3`.
    func release() {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

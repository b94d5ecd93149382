import Foundation

/// Where the built `camsched` executable and the repository are (tests only).
package enum CamschedBinary {
    /// The repository root (from this file's location).
    package static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$CAMSCHED_BIN`, else `.build/debug/camsched` in the repository.
    package static var path: String {
        if let path = ProcessInfo.processInfo.environment["CAMSCHED_BIN"], !path.isEmpty { return path }
        return repository.appendingPathComponent(".build/debug/camsched").path
    }

    /// Runs `camsched` with arguments.
    @discardableResult
    package static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120,
                           currentDirectory: URL? = nil) throws -> ProcessResult {
        var env = environment
        // Each run its own lock folder, so parallel tests never queue behind each other; tests
        // of the lock itself pass one folder to both runs.
        if env["CAMSCHED_LOCK_DIR"] == nil { env["CAMSCHED_LOCK_DIR"] = TemporaryDirectory.freshLockDirectory() }
        // Tests run many recordings at once on two cores: the machine's own CPU pressure must not
        // throttle them unless a test asks for it.
        if env["CAMSCHED_PRESSURE_SOURCES"] == nil { env["CAMSCHED_PRESSURE_SOURCES"] = "file,disk" }
        return try ProcessRunner.run(path, arguments, environment: env, currentDirectory: currentDirectory, timeout: timeout)
    }
}

/// A fresh folder removed when the value is deinitialised.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    package init(_ label: String = "camsched") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes text to a file in the folder and returns its URL.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: target, atomically: true, encoding: .utf8)
        return target
    }

    /// Every regular file below the folder, relative paths, sorted.
    package func files() -> [String] {
        let base = url.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var result: [String] = []
        while let item = walker.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isDir), !isDir.boolValue { result.append(item) }
        }
        return result.sorted()
    }

    /// A new, empty lock folder, in a folder of this test process's removed when it exits
    /// (one left per test run had grown to tens of thousands in the temporary folder).
    package static func freshLockDirectory() -> String {
        let path = lockParent + "/" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `camsched-test-locks-PID` in the temporary folder, removed at exit.
    private static let lockParent: String = {
        atexit {
            let parent = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-locks-\(getpid())")
            try? FileManager.default.removeItem(at: parent)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-locks-\(getpid())").path
    }()
}

import Foundation

/// Runs a program and collects its exit status and output (tests only).
package struct ProcessResult: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Whether it ended by a signal (status is then the signal number).
    package var signalled: Bool
}

/// Starts the programs of the tests (camsched, servers, tools) as ``ChildProcess``es: with no
/// signal blocked, whatever thread of the test asks, so that `terminate()` ends them.
package enum ProcessRunner {
    /// Runs `executable` with `arguments`, waiting at most `timeout` seconds (then SIGKILL).
    @discardableResult
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           currentDirectory: URL? = nil, timeout: TimeInterval = 120) throws -> ProcessResult {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-\(UUID().uuidString).out")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let process = try ChildProcess.spawn(executable, arguments, environment: environmentForChild(adding: environment),
                                             currentDirectory: currentDirectory, stdout: outURL, stderr: errURL)
        if !process.waitUntilExit(seconds: timeout) {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
        return ProcessResult(status: process.terminationStatus,
                             stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                             stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
                             signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Starts a program in the background (for signal tests); stdout/stderr go to files.
    package static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                             stdout: URL, stderr: URL) throws -> ChildProcess {
        try ChildProcess.spawn(executable, arguments, environment: environmentForChild(adding: environment),
                               currentDirectory: nil, stdout: stdout, stderr: stderr)
    }

    /// The child's environment: ours, then what camsched under test should see (only the
    /// pressure sources a test controls, a lock folder of its own; see CamschedBinary), then
    /// the test's own additions.
    static func environmentForChild(adding extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CAMSCHED_PRESSURE_SOURCES"] = env["CAMSCHED_PRESSURE_SOURCES"] ?? "file,disk"
        env["CAMSCHED_LOCK_DIR"] = env["CAMSCHED_LOCK_DIR"] ?? TemporaryDirectory.freshLockDirectory()
        for (key, value) in extra { env[key] = value }
        return env
    }
}

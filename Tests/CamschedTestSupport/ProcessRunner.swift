import Foundation

/// Runs a program and collects its exit status and output (tests only).
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether it ended by a signal (status is then the signal number).
    public var signalled: Bool
}

public enum ProcessRunner {
    /// Runs `executable` with `arguments`, waiting at most `timeout` seconds (then SIGKILL).
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           currentDirectory: URL? = nil, timeout: TimeInterval = 120) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environmentForChild(adding: environment)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-\(UUID().uuidString).out")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-test-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Wait.until(seconds: timeout) { !process.isRunning }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try out.close()
        try err.close()
        return ProcessResult(status: process.terminationStatus,
                             stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                             stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
                             signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Starts a program in the background (for signal tests); stdout/stderr go to files.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                             stdout: URL, stderr: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environmentForChild(adding: environment)
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `program` started with no signal blocked, as the command line to run instead: the test
    /// process's threads block signals (SIGTERM, SIGCHLD) and a child inherits the mask through
    /// exec. mosquitto, unlike camsched, does not unblock SIGTERM, so it would ignore the SIGTERM
    /// that stops it (and saves its sessions); gdb waits for its inferior with SIGCHLD, and would
    /// wait for ever.
    public static func unblocked(_ program: String, _ arguments: [String]) -> (String, [String]) {
        let exec = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return ("/usr/bin/python3", ["-c", exec, program] + arguments)
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

import Foundation
import Glibc

/// A throwaway PostgreSQL 15 server for tests (Debian's `postgresql` package): `initdb` in a
/// temporary folder, listening on 127.0.0.1 at a free port with its socket in that folder, and
/// `trust` (or a password) for loopback. Run as the `postgres` user when the tests run as root
/// (initdb refuses root). Call ``stop()`` at the end (``withServer(password:_:)`` does, also on
/// failure); ``kill()`` and ``start()`` stop and restart the same server mid-test.
package final class PostgresServer: @unchecked Sendable {
    /// Where Debian installs the server's programs.
    package static let binaries = "/usr/lib/postgresql/15/bin"
    /// The superuser and database the tests use.
    package static let user = "camsched", database = "camsched"

    /// Whether a server can be started here.
    package static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: binaries + "/initdb")
            && (getuid() != 0 || FileManager.default.fileExists(atPath: "/usr/sbin/runuser"))
    }

    package let folder: URL
    package let port: Int
    package let password: String?
    /// The running server (its `runuser` when root); used from one test's thread only.
    private var server: ChildProcess?
    var data: String { folder.path + "/data" }

    /// The URL camsched is given (no password in it).
    package var url: String { "postgres://\(Self.user)@127.0.0.1:\(port)/\(Self.database)" }

    /// Creates and starts a server; with `password`, loopback TCP needs it (SCRAM).
    package init(password: String? = nil) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("camsched-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        self.password = password
        if getuid() == 0 { try Self.chown(folder.path, to: "postgres") }
        var initdb = ["-D", data, "-U", Self.user, "--auth-local=trust", "-E", "UTF8", "--no-sync", "--locale=C"]
        if let password {
            let file = folder.path + "/pwfile"
            try password.write(toFile: file, atomically: true, encoding: .utf8)
            if getuid() == 0 { try Self.chown(file, to: "postgres") }
            initdb += ["--auth-host=scram-sha-256", "--pwfile=\(file)"]
        } else {
            initdb += ["--auth-host=trust"]
        }
        try tool("initdb", initdb)
        try start()
        try psql("CREATE DATABASE \(Self.database)", database: "postgres")
    }

    /// Starts (again) the server, waiting until it accepts connections. The server is this
    /// process's child (not daemonised by `pg_ctl start`, whose server would inherit
    /// Foundation's process-watching socket and keep `pg_ctl` from ever looking finished).
    package func start() throws {
        let options = ["-D", data, "-c", "listen_addresses=127.0.0.1", "-p", "\(port)", "-c", "unix_socket_directories=\(folder.path)",
                       "-c", "fsync=off", "-c", "full_page_writes=off"]
        let program = Self.binaries + "/postgres"
        let log = folder.appendingPathComponent("log")
        let process = getuid() == 0
            ? try ProcessRunner.start("/usr/sbin/runuser", ["-u", "postgres", "--", program] + options, stdout: log, stderr: log)
            : try ProcessRunner.start(program, options, stdout: log, stderr: log)
        server = process
        // Asked every 50 ms: each question starts pg_isready (through runuser as root).
        var ready = false
        Wait.until(seconds: 30, every: 0.05) {
            ready = process.isRunning && (try? tool("pg_isready", ["-q", "-h", folder.path, "-p", "\(port)"])) != nil
            return ready || !process.isRunning
        }
        if ready { return }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw PostgresServerError(message: "postgres did not start: \(text.suffix(2_000))")
    }

    /// Stops the server at once (`pg_ctl stop -m immediate`), as a crash or a pulled cable would.
    package func kill() {
        guard let process = server else { return }
        _ = try? tool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        Wait.until(seconds: 10) { !process.isRunning }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        server = nil
    }

    /// Stops the server and removes its folder.
    package func stop() {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs SQL with `psql` over the unix socket and returns its unaligned output, trimmed.
    @discardableResult
    package func psql(_ sql: String, database: String = PostgresServer.database) throws -> String {
        try tool("psql", ["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p", "\(port)", "-U", Self.user,
                          "-d", database, "-c", sql]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh server for `body`, stopped afterwards whatever happens.
    package static func withServer<T>(password: String? = nil, _ body: (PostgresServer) throws -> T) throws -> T {
        let server = try PostgresServer(password: password)
        defer { server.stop() }
        return try body(server)
    }

    @discardableResult
    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        let program = Self.binaries + "/" + name
        let result = getuid() == 0
            ? try ProcessRunner.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments, timeout: 60)
            : try ProcessRunner.run(program, arguments, timeout: 60)
        guard result.status == 0 else {
            let log = (try? String(contentsOfFile: folder.path + "/log", encoding: .utf8)) ?? ""
            throw PostgresServerError(message: "\(name) failed (\(result.status)): \(result.stderr)\(result.stdout)\n\(log.suffix(2_000))")
        }
        return result.stdout
    }

    private static func chown(_ path: String, to user: String) throws {
        guard let entry = getpwnam(user) else { throw PostgresServerError(message: "no user \(user)") }
        guard Glibc.chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
            throw PostgresServerError(message: "chown \(path): errno \(errno)")
        }
    }

    /// A TCP port nobody listens on now (bound to port 0 and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PostgresServerError(message: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw PostgresServerError(message: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the test server could not be started or used.
package struct PostgresServerError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

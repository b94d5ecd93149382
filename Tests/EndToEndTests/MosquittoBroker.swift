import CamschedTestSupport
import Foundation

/// A real mosquitto broker (Debian's) on loopback, on a port of its own, with its config,
/// persistence and password file in a temporary folder; stopped when released.
final class MosquittoBroker {
    let port: Int
    let folder: URL
    private var process: ChildProcess?

    /// - Parameters:
    ///   - users: user → password, written with `mosquitto_passwd`; none: anonymous access.
    ///   - persistence: whether the broker saves its sessions (and the messages queued for
    ///     them) when stopped and restores them when started again.
    ///   - tls: whether the listener speaks TLS only, with a server certificate for 127.0.0.1
    ///     signed by a CA of its own (``caFile``).
    init(dir: TemporaryDirectory, users: [String: String] = [:], persistence: Bool = false, tls: Bool = false) throws {
        port = try Self.freePort()
        folder = dir.file("broker-\(port)")
        self.tls = tls
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificates = tls ? try Self.makeCertificates(in: folder) : ""
        var config = """
            listener \(port) 127.0.0.1
            \(certificates)
            persistence \(persistence)
            persistence_location \(folder.path)/
            log_dest stderr

            """
        // Run as root, mosquitto drops to the user "mosquitto", which cannot write the temporary folder.
        if geteuid() == 0 { config += "user root\n" }
        if users.isEmpty {
            config += "allow_anonymous true\n"
        } else {
            let passwords = folder.appendingPathComponent("passwords").path
            for (index, (user, password)) in users.sorted(by: { $0.key < $1.key }).enumerated() {
                let result = try ProcessRunner.run("/usr/bin/mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", passwords, user, password])
                guard result.status == 0 else { throw BrokerError(text: "mosquitto_passwd: \(result.stderr)") }
            }
            config += "allow_anonymous false\npassword_file \(passwords)\n"
        }
        try config.write(to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    deinit { stop() }

    let tls: Bool
    var url: String { "\(tls ? "mqtts" : "mqtt")://127.0.0.1:\(port)" }
    /// The CA that signed a TLS broker's certificate.
    var caFile: URL { folder.appendingPathComponent("ca.crt") }
    /// Where mosquitto_pub and mosquitto_sub connect to, trusting ``caFile`` on a TLS broker.
    var clientArguments: [String] { ["-h", "127.0.0.1", "-p", "\(port)"] + (tls ? ["--cafile", caFile.path] : []) }

    /// A CA and a server certificate for 127.0.0.1 signed by it (openssl); the listener's lines.
    static func makeCertificates(in folder: URL) throws -> String {
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=camsched test CA",
             "-keyout", path("ca.key"), "-out", path("ca.crt")],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", path("server.key"), "-out", path("server.csr")],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.crt"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-days", "2", "-extfile", path("san.cnf"), "-out", path("server.crt")],
        ]
        try "subjectAltName = IP:127.0.0.1\n".write(toFile: path("san.cnf"), atomically: true, encoding: .utf8)
        for arguments in steps {
            let result = try ProcessRunner.run("/usr/bin/openssl", arguments, timeout: 30)
            guard result.status == 0 else { throw BrokerError(text: "openssl \(arguments[0]): \(result.stderr)") }
        }
        return "cafile \(path("ca.crt"))\ncertfile \(path("server.crt"))\nkeyfile \(path("server.key"))\n"
    }

    /// Starts the broker and waits until it accepts connections.
    func start() throws {
        let log = folder.appendingPathComponent("broker-\(Date().timeIntervalSince1970).log")
        process = try ProcessRunner.start("/usr/sbin/mosquitto", ["-c", folder.appendingPathComponent("mosquitto.conf").path], stdout: log, stderr: log)
        guard Wait.until(seconds: 10, { Self.accepts(port: port) }) else { throw BrokerError(text: "mosquitto did not listen on \(port)") }
    }

    /// Stops the broker (SIGTERM: it saves its sessions when persistence is on) and waits for it.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        if !process.waitUntilExit(seconds: 10) { process.send(SIGKILL) }
        self.process = nil
    }

    /// Freezes the broker (SIGSTOP): connections stay open, nothing is read or answered.
    func pause() { if let process { kill(process.processIdentifier, SIGSTOP) } }

    /// Lets a paused broker go on (SIGCONT).
    func resume() { if let process { kill(process.processIdentifier, SIGCONT) } }

    /// What the broker logged, over all its starts.
    var log: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A TCP port nobody listens on now (bound to port 0 and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError(text: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Publishes one message with mosquitto_pub (`retain`: the broker keeps it for every later
    /// subscriber).
    func publish(_ topic: String, _ payload: String, user: (String, String)? = nil, retain: Bool = false) throws {
        var arguments = clientArguments + ["-q", "1", "-t", topic, "-m", payload]
        if let user { arguments += ["-u", user.0, "-P", user.1] }
        if retain { arguments.append("-r") }
        let result = try ProcessRunner.run("/usr/bin/mosquitto_pub", arguments, timeout: 10)
        guard result.status == 0 else { throw BrokerError(text: "mosquitto_pub: \(result.stderr)") }
    }

    /// Publishes `count` messages on `topic` from one connection as fast as it can (a flood),
    /// with mosquitto_pub's line mode.
    func flood(_ topic: String, count: Int, dir: TemporaryDirectory) throws {
        let lines = try dir.write("flood-\(count).txt", String(repeating: "x\n", count: count))
        let command = (["/usr/bin/mosquitto_pub"] + clientArguments + ["-q", "1", "-t", topic, "-l"]).map { "'\($0)'" }.joined(separator: " ")
        let result = try ProcessRunner.run("/bin/sh", ["-c", command + " < '\(lines.path)'"], timeout: 60)
        guard result.status == 0 else { throw BrokerError(text: "mosquitto_pub -l: \(result.stderr)") }
    }
}

struct BrokerError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}

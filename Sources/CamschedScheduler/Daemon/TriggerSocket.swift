import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The local socket of a running trigger job: a client (`camsched trigger NAME`) connects,
/// writes `trigger`, and reads back the ``TriggerAcceptance`` of ``ExternalTriggers/fire(job:)``.
/// Mode 0600 in a private folder (``TriggerSocketPath``); served on its own thread and removed
/// when the job stops.
final class TriggerSocket: Sendable {
    let path: String
    private let descriptor: Int32
    private let stopped = Mutex(false)
    private let done = DispatchSemaphore(value: 0)

    /// Binds and serves the socket of `job`; nil (after a warning) when it cannot.
    static func serve(job: String, triggers: ExternalTriggers, logger: Logger) -> TriggerSocket? {
        guard let path = TriggerSocketPath.socket(job: job, create: true) else {
            logger.warning("no private runtime folder for the trigger socket of \(job); camsched trigger \(job) will not reach it")
            return nil
        }
        if SocketAddress.connect(path) != nil {
            logger.warning("another camsched serves the trigger socket \(path); this run does not take it over")
            return nil
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK, status.st_uid == geteuid() else {
                logger.warning("\(path) exists and is not a socket of this user; the trigger socket is not served")
                return nil
            }
            unlink(path)  // a stale socket of a run that ended
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        guard SocketAddress.bind(fd, path: path), chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            logger.warning("cannot serve the trigger socket \(path): \(String(cString: strerror(errno)))")
            close(fd)
            return nil
        }
        let server = TriggerSocket(path: path, descriptor: fd)
        let thread = Thread { server.acceptLoop(job: job, triggers: triggers) }
        thread.name = "camsched.trigger-socket"
        thread.start()
        return server
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Stops serving and removes the socket.
    func stop() {
        stopped.withLock { $0 = true }
        done.wait()
        close(descriptor)
        unlink(path)
    }

    private func acceptLoop(job: String, triggers: ExternalTriggers) {
        defer { done.signal() }
        while !stopped.withLock({ $0 }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            answer(client, job: job, triggers: triggers)
            close(client)
        }
    }

    /// Reads one request (`trigger`) and writes the answer; anything else is `unknown request`.
    private func answer(_ client: Int32, job: String, triggers: ExternalTriggers) {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(client, &buffer, buffer.count)
        let request = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        let reply = request == "trigger" ? triggers.fire(job: job).rawValue : "unknown request"
        _ = (reply + "\n").withCString { write(client, $0, strlen($0)) }
    }
}

/// `sockaddr_un` for a path, and the calls that take it.
package enum SocketAddress {
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    static func bind(_ fd: Int32, path: String) -> Bool {
        withAddress(path) { Glibc.bind(fd, $0, $1) == 0 } ?? false
    }

    /// A connected socket to `path`, or nil (errno says why).
    package static func connect(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        if withAddress(path, { Glibc.connect(fd, $0, $1) == 0 }) == true { return fd }
        let saved = errno
        close(fd)
        errno = saved
        return nil
    }
}

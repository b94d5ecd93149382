import CamschedTestSupport
import Foundation
import Testing

/// `camsched daemon` as systemd runs it: READY over NOTIFY_SOCKET, a cron fire that files,
/// SIGHUP reloading, SIGTERM stopping with 143.
@Suite struct DaemonTests {
    /// A Unix datagram socket standing in for systemd's notify socket.
    final class NotifySocket {
        let path: String
        let fd: Int32

        init(path: String) throws {
            self.path = path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit {
            close(fd)
            unlink(path)
        }

        /// Messages received within `seconds`.
        func receive(for seconds: Double) -> [String] {
            var messages: [String] = []
            let end = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < end {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 { messages.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
            }
            return messages
        }

        /// Messages received until one contains `text` (at most `seconds`).
        func receive(until text: String, seconds: Double) -> [String] {
            var messages: [String] = []
            let end = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < end, !messages.contains(where: { $0.contains(text) }) {
                // Blocks for a message, at most the socket's one-second receive timeout.
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 { messages.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
            }
            return messages
        }
    }

    @Test func daemonNotifiesFiresReloadsAndStops() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/every-minute.json", """
        {"name": "minutely", "camera": {"device": "test:?size=320x180&fps=10", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "output": {"root": "../out", "path": "{job}/{seq}"},
         "schedule": {"cron": "* * * * *", "timezone": "UTC"}}
        """)
        try dir.write("jobs/unscheduled.json", JobFixtures.interval(name: "once"))
        let socketPath = dir.file("notify.sock").path
        let notify = try NotifySocket(path: socketPath)
        let process = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                              environment: ["NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "2000000"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { process.terminate() } }
        let first = notify.receive(for: 3).joined(separator: "\n")
        #expect(first.contains("READY=1"), "\(first)")
        #expect(first.contains("WATCHDOG=1"), "watchdog pings at half of WATCHDOG_USEC: \(first)")
        kill(process.processIdentifier, SIGHUP)
        let afterReload = notify.receive(for: 1.5).joined(separator: "\n")
        #expect(afterReload.contains("STATUS=1 job(s) scheduled"), "\(afterReload)")
        // The next minute boundary fires the job: a still is filed.
        Wait.until(seconds: 75, every: 0.5) { dir.files().contains { $0.hasSuffix(".jpg") } }
        #expect(dir.files().contains { $0.hasPrefix("out/minutely/") && $0.hasSuffix(".jpg") }, "\(dir.files())")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let stderr = try String(contentsOf: dir.file("e.txt"), encoding: .utf8)
        #expect(stderr.contains("no \"schedule\""), "the unscheduled job is ignored with a warning")
        #expect(!dir.files().contains { $0.hasSuffix(".partial") })
    }

    @Test func sighupWithAHalfEditedJobFileKeepsThePreviousVersion() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/yearly.json", """
        {"name": "yearly", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """)
        let socketPath = dir.file("notify.sock").path
        let notify = try NotifySocket(path: socketPath)
        let process = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                              environment: ["NOTIFY_SOCKET": socketPath],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { process.terminate() } }
        #expect(notify.receive(for: 3).joined(separator: "\n").contains("READY=1"))
        try #"{"name": "yearly", "schedule": {"cron": "#.write(to: job, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        let afterReload = notify.receive(for: 2).joined(separator: "\n")
        #expect(afterReload.contains("STATUS=1 job(s) scheduled"), "the job is still scheduled: \(afterReload)")
        process.terminate()
        process.waitUntilExit()
        let stderr = try String(contentsOf: dir.file("e.txt"), encoding: .utf8)
        #expect(stderr.contains("keeping the previous version of job yearly"), "\(stderr)")
        #expect(stderr.contains("yearly.json"), "names the file: \(stderr)")
    }
}

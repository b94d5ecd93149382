import Foundation

/// Finds which process has a device node open, for "busy" messages.
enum BusyHolder {
    static func find(devicePath: String) -> String? {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: devicePath)) ?? devicePath
        let me = getpid()
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for pid in pids where Int32(pid) != nil && Int32(pid) != me {
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { continue }
            for fd in fds {
                if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                   link == target || link == devicePath {
                    let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
                    return "\(comm) (pid \(pid))"
                }
            }
        }
        return nil
    }
}

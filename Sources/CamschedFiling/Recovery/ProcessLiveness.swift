import Foundation
import Glibc

/// Tells whether the process that began a run is still running it.
///
/// A run row holds the pid of its camsched. After a SIGKILL, a crash or a power cut the pid
/// is gone, or belongs to another program, or — after a reboot — to a later process that
/// happens to get the same number. So a run is alive only when its pid exists, is a camsched
/// (its command name starts with `camsched`) and started no later than the run.
enum ProcessLiveness {
    /// Whether `pid` is a camsched process that was already running at `runStartedAt`.
    static func isRunning(pid: Int, runStartedAt: Date) -> Bool {
        guard pid > 0, pid <= Int(Int32.max) else { return false }
        if kill(pid_t(pid), 0) != 0 && errno != EPERM { return false }
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
              name.hasPrefix("camsched") else { return false }
        guard let started = startTime(pid: pid) else { return true }
        // Start times are whole clock ticks; allow for rounding.
        return started.timeIntervalSince(runStartedAt) <= 1
    }

    /// When process `pid` started: boot time (`btime` in `/proc/stat`) plus field 22 of
    /// `/proc/PID/stat` in clock ticks.
    static func startTime(pid: Int) -> Date? {
        guard let pid = Int32(exactly: pid), let ticks = ProcessIdentity.stat(pid: pid).map({ Double($0.startTicks) }),
              let boot = bootTime() else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard perSecond > 0 else { return nil }
        return Date(timeIntervalSince1970: boot + ticks / perSecond)
    }

    private static func bootTime() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

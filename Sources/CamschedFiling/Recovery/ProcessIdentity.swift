import Foundation
import Glibc

/// One process, told apart from every other that had or will have its pid: the pid, its start
/// time in clock ticks since boot (exact, field 22 of `/proc/PID/stat`) and the boot it runs in
/// (`/proc/sys/kernel/random/boot_id`).
///
/// Kept in a file that several camsched processes share (the MQTT queue marks each row with the
/// process that sends it), so that a later process can tell whether the writer is still there:
/// a pid alone is reused, and a pid with the same start time comes back only after a reboot,
/// which the boot id tells apart.
package struct ProcessIdentity: Sendable, Hashable, CustomStringConvertible {
    package let pid: Int32
    package let startTicks: UInt64
    package let boot: String

    /// This process.
    package static let current = ProcessIdentity(pid: getpid(), startTicks: stat(pid: getpid())?.startTicks ?? 0, boot: currentBoot)

    /// The running kernel's boot id; empty where it cannot be read (then only pids and start times are compared).
    static let currentBoot: String = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""

    init(pid: Int32, startTicks: UInt64, boot: String) {
        self.pid = pid
        self.startTicks = startTicks
        self.boot = boot
    }

    /// Reads the ``description`` form back; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = Int32(parts[0]), pid > 0, let ticks = UInt64(parts[1]) else { return nil }
        self.init(pid: pid, startTicks: ticks, boot: String(parts[2]))
    }

    /// `PID/START/BOOT`, as kept in a shared file.
    package var description: String { "\(pid)/\(startTicks)/\(boot)" }

    /// Whether this process is still running: the same boot, its pid there with the same start
    /// time, and not a zombie (a killed process its parent has not reaped yet does nothing more).
    package var isRunning: Bool {
        if self == Self.current { return true }
        guard boot == Self.currentBoot, let stat = Self.stat(pid: pid) else { return false }
        return stat.startTicks == startTicks && stat.state != "Z" && stat.state != "X"
    }

    /// The state letter (field 3) and start time in clock ticks (field 22) of `/proc/PID/stat`.
    static func stat(pid: Int32) -> (state: Character, startTicks: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces and parentheses) start at field 3.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let ticks = UInt64(fields[19]) else { return nil }
        return (state, ticks)
    }
}

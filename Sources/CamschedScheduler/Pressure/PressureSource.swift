import Foundation
import Synchronization

/// Something that can tell how much pressure the system is under.
package protocol PressureSource: Sendable {
    /// Reads the source now; nil when it has nothing to say (absent on this system).
    func read() -> PressureReading?
}

/// Thermal zones (`/sys/class/thermal/thermal_zone*/temp`) against their trip points:
/// passive → serious, hot → critical, critical → shutdown; fair within 5 °C below the
/// lowest passive (or hot) trip.
package struct ThermalPressureSource: PressureSource {
    package let sysRoot: String

    /// - Parameter sysRoot: the root of sysfs (`/sys`); tests point it at a fake tree.
    package init(sysRoot: String = "/sys") { self.sysRoot = sysRoot }

    package func read() -> PressureReading? {
        let base = sysRoot + "/class/thermal"
        guard let zones = try? FileManager.default.contentsOfDirectory(atPath: base) else { return nil }
        var worst: PressureReading?
        for zone in zones.sorted() where zone.hasPrefix("thermal_zone") {
            let dir = base + "/" + zone
            guard let temp = ThermalPressureSource.readInt(dir + "/temp") else { continue }
            var trips: [(type: String, temp: Int)] = []
            for index in 0..<32 {
                guard let type = ThermalPressureSource.readText(dir + "/trip_point_\(index)_type"),
                      let tripTemp = ThermalPressureSource.readInt(dir + "/trip_point_\(index)_temp") else { break }
                trips.append((type, tripTemp))
            }
            let level = ThermalPressureSource.level(temperature: temp, trips: trips)
            let reading = PressureReading(source: "thermal", level: level,
                                          reason: "\(zone) at \(String(format: "%.1f", Double(temp) / 1000)) °C")
            if worst.map({ level > $0.level }) ?? true { worst = reading }
        }
        return worst
    }

    /// The level for a temperature (millidegrees) given a zone's trip points.
    package static func level(temperature: Int, trips: [(type: String, temp: Int)]) -> PressureLevel {
        func lowest(_ type: String) -> Int? { trips.filter { $0.type == type && $0.temp > 0 }.map(\.temp).min() }
        if let critical = lowest("critical"), temperature >= critical { return .shutdown }
        if let hot = lowest("hot"), temperature >= hot { return .critical }
        if let passive = lowest("passive"), temperature >= passive { return .serious }
        if let first = lowest("passive") ?? lowest("hot") ?? lowest("critical"), temperature >= first - 5000 { return .fair }
        return .nominal
    }

    static func readText(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func readInt(_ path: String) -> Int? { readText(path).flatMap { Int($0) } }
}

/// Linux pressure-stall information (`/proc/pressure/cpu`, `io`, `memory`), `some avg10`:
/// ≥ 20 % fair, ≥ 40 % serious, ≥ 70 % critical (memory `full avg10` ≥ 30 % is critical too).
package struct PSIPressureSource: PressureSource {
    /// Where the pressure files are: camsched's own cgroup (`cpu.pressure`, `io.pressure`,
    /// `memory.pressure`), or the whole host (`/proc/pressure/cpu`, …).
    package enum Scope: Sendable, Equatable {
        case cgroup(folder: String)
        case host(procRoot: String)
    }

    package let scope: Scope
    package static let thresholds: [(PressureLevel, Double)] = [(.critical, 70), (.serious, 40), (.fair, 20)]

    package init(scope: Scope) { self.scope = scope }

    /// Host-wide PSI: every process on the machine counts — an opt-in source (`psi-host`),
    /// since another program's load would throttle camsched's recordings.
    package init(procRoot: String = "/proc") { scope = .host(procRoot: procRoot) }

    /// The PSI of camsched's own cgroup (v2), when the kernel has one for it: the stalls of
    /// camsched and what runs beside it in its service, not the whole host's. Nil in the root
    /// cgroup, on cgroup v1 only, or on a kernel without PSI.
    package static func ownCgroup(procRoot: String = "/proc", sysRoot: String = "/sys") -> PSIPressureSource? {
        guard let text = try? String(contentsOfFile: "\(procRoot)/self/cgroup", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) else { return nil }
        let path = String(line.dropFirst(3))
        guard path != "/", !path.isEmpty else { return nil }
        for mount in ["\(sysRoot)/fs/cgroup", "\(sysRoot)/fs/cgroup/unified"] {
            let folder = mount + path
            if FileManager.default.fileExists(atPath: "\(folder)/cpu.pressure") { return PSIPressureSource(scope: .cgroup(folder: folder)) }
        }
        return nil
    }

    func file(_ resource: String) -> String {
        switch scope {
        case let .cgroup(folder): return "\(folder)/\(resource).pressure"
        case let .host(procRoot): return "\(procRoot)/pressure/\(resource)"
        }
    }

    package func read() -> PressureReading? {
        var worst: PressureReading?
        let name: String = if case .cgroup = scope { "psi" } else { "psi-host" }
        for resource in ["cpu", "io", "memory"] {
            guard let text = try? String(contentsOfFile: file(resource), encoding: .utf8) else { continue }
            let some = PSIPressureSource.avg10(text, kind: "some") ?? 0
            let full = PSIPressureSource.avg10(text, kind: "full") ?? 0
            var level = PSIPressureSource.thresholds.first { some >= $0.1 }?.0 ?? .nominal
            if resource == "memory", full >= 30 { level = max(level, .critical) }
            let reading = PressureReading(source: name, level: level,
                                          reason: "\(name) \(resource) some avg10 \(String(format: "%.1f", some))%")
            if worst.map({ level > $0.level }) ?? true { worst = reading }
        }
        return worst
    }

    /// The `avg10` of the `some` or `full` line.
    package static func avg10(_ text: String, kind: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(kind + " ") {
            for field in line.split(separator: " ") where field.hasPrefix("avg10=") {
                return Double(field.dropFirst(6))
            }
        }
        return nil
    }
}

/// Free space on the output filesystem against `retention.minFree`: below 2× minFree fair,
/// below minFree serious, below half of it critical, below 1/8 of it (or 16 MiB) shutdown.
package struct DiskPressureSource: PressureSource {
    package let path: String
    package let minFree: Int64
    let freeBytes: @Sendable (String) -> Int64?

    package init(path: String, minFree: Int64, freeBytes: @escaping @Sendable (String) -> Int64? = DiskPressureSource.statvfsFree) {
        self.path = path
        self.minFree = minFree
        self.freeBytes = freeBytes
    }

    package func read() -> PressureReading? {
        guard minFree > 0, let free = freeBytes(path) else { return nil }
        let level: PressureLevel
        if free < max(minFree / 8, 16 << 20) { level = .shutdown }
        else if free < minFree / 2 { level = .critical }
        else if free < minFree { level = .serious }
        else if free < minFree * 2 { level = .fair }
        else { level = .nominal }
        return PressureReading(source: "disk", level: level, reason: "\(free / (1 << 20)) MiB free on \(path)")
    }

    /// Free bytes available to unprivileged users on the filesystem holding `path`.
    package static let statvfsFree: @Sendable (String) -> Int64? = { path in
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

/// An external file whose content is a level name (`--pressure-from`, `pressureFrom`).
package struct FilePressureSource: PressureSource {
    package let path: String
    package init(path: String) { self.path = path }

    package func read() -> PressureReading? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let level = PressureLevel(rawValue: word) else { return nil }
        return PressureReading(source: "file", level: level, reason: "\(path) says \(word)")
    }
}

/// The encoder falling behind the camera: frames discarded from its queue, or encode time
/// above the frame interval, over the last second.
package final class EncoderLagSource: PressureSource {
    private struct Window {
        var discarded = 0
        var slowFrames = 0
        var frames = 0
    }
    private let window = Mutex(Window())

    package init() {}

    /// Reported by the encoder thread for each frame.
    package func record(encodeSeconds: Double, frameInterval: Double, discardedSinceLast: Int) {
        window.withLock {
            $0.frames += 1
            $0.discarded += discardedSinceLast
            if encodeSeconds > frameInterval { $0.slowFrames += 1 }
        }
    }

    package func read() -> PressureReading? {
        let taken = window.withLock { window in
            defer { window = Window() }
            return window
        }
        let (discarded, slow, total) = (taken.discarded, taken.slowFrames, taken.frames)
        guard total > 0 || discarded > 0 else { return nil }
        let share = total == 0 ? 1 : Double(slow) / Double(total)
        let level: PressureLevel = discarded >= 5 ? .serious : (discarded > 0 || share > 0.5 ? .fair : .nominal)
        return PressureReading(source: "encoder", level: level, reason: "\(discarded) frames discarded, \(slow)/\(total) slow encodes")
    }
}

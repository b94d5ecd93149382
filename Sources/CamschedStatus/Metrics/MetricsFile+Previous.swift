import CamschedFiling
import Foundation
import SystemPackage

extension MetricsFile {
    /// The most of a previous file that is read: one holds a few lines a job.
    static let previousLimit = 4 << 20

    /// What the file held before this process for the series that outlive a process, by job:
    /// a cron or timer run starts from them, so a failed run keeps the time of the last run that
    /// succeeded (a job that never succeeded stays at 0), and the run, failure and skipped-shot
    /// counters count on across runs. Empty when the file is missing, unreadable or not a regular file.
    package func previous() -> MetricsCarryOver {
        guard let text = previousText() else { return MetricsCarryOver() }
        return MetricsCarryOver(lastSuccess: Self.values(of: StatusMetrics.Name.lastSuccess, in: text),
                                runs: Self.values(of: StatusMetrics.Name.runs, in: text),
                                failures: Self.values(of: StatusMetrics.Name.failures, in: text),
                                shotsSkipped: Self.values(of: StatusMetrics.Name.shotsSkipped, in: text))
    }

    /// The file's text when the name holds a regular file: opened without following a link and
    /// without blocking (a FIFO swapped in after the look would otherwise hang the start), and read
    /// only when the descriptor is the regular file that was looked at.
    func previousText() -> String? {
        guard let folderDescriptor = try? openFolder(givenPath: path),
              case let .regularFile(device, inode) = try? target(in: folderDescriptor) else { return nil }
        let raw = openat(folderDescriptor.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard raw >= 0 else { return nil }
        let file = FileDescriptor(rawValue: raw)
        defer { try? file.close() }
        guard let status = try? file.stat(), status.type == .regular,
              UInt64(status.deviceID.rawValue) == device, UInt64(status.inode.rawValue) == inode else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < Self.previousLimit {
            let read = (try? chunk.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
            guard read > 0 else { break }
            bytes += chunk[..<read]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func values(of name: String, in text: String) -> [String: Double] {
        let prefix = name + "{"
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            if let (job, value) = jobAndValue(line.dropFirst(prefix.count)), value.isFinite, value >= 0 { values[job] = value }
        }
        return values
    }

    /// Reads `job="NAME"…} VALUE` (the label value with the text format's escapes).
    static func jobAndValue(_ rest: Substring) -> (String, Double)? {
        guard let start = rest.range(of: "job=\"") else { return nil }
        var job = "", escaped = false
        var index = start.upperBound
        while index < rest.endIndex {
            let character = rest[index]
            index = rest.index(after: index)
            if escaped {
                job.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                guard let close = rest[index...].firstIndex(of: "}"),
                      let value = Double(rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)) else { return nil }
                return (job, value)
            } else {
                job.append(character)
            }
        }
        return nil
    }
}

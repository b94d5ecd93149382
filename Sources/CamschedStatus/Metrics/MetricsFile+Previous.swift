import Foundation

extension MetricsFile {
    /// What the file held before this process for the series that outlive a process, by job:
    /// a cron or timer run starts from them, so a failed run keeps the time of the last run that
    /// succeeded (a job that never succeeded stays at 0), and the run and failure counters count
    /// on across runs. Empty when the file is missing or unreadable.
    public func previous() -> MetricsCarryOver {
        guard let data = FileManager.default.contents(atPath: path) else { return MetricsCarryOver() }
        let text = String(decoding: data, as: UTF8.self)
        return MetricsCarryOver(lastSuccess: Self.values(of: StatusMetrics.Name.lastSuccess, in: text),
                                runs: Self.values(of: StatusMetrics.Name.runs, in: text),
                                failures: Self.values(of: StatusMetrics.Name.failures, in: text))
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

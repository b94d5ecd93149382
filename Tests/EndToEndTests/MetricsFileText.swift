import CamschedTestSupport
import Foundation
import Testing

/// A metrics file in Prometheus' text format, read the simple way the tests need, and
/// Prometheus' own `promtool check metrics` on it.
struct MetricsFileText {
    let text: String

    init(contentsOf url: URL) throws {
        text = try String(contentsOf: url, encoding: .utf8)
    }

    /// The value of one series, given as it is written (`name{label="v"}`), nil when absent.
    func value(_ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    /// Names of the metric families whose samples lack a `# HELP` or a `# TYPE` line.
    func familiesWithoutHelpOrType() -> [String] {
        var help = Set<String>(), types: [String: String] = [:], sampled = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if line.hasPrefix("# HELP "), words.count > 3 { help.insert(String(words[2])) }
            if line.hasPrefix("# TYPE "), words.count == 4 { types[String(words[2])] = String(words[3]) }
            if !line.hasPrefix("#") { sampled.insert(String(line.prefix { $0 != "{" && $0 != " " })) }
        }
        let families = sampled.map { name in
            for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
                let base = String(name.dropLast(suffix.count))
                if types[base] == "histogram" { return base }
            }
            return name
        }
        return Set(families).filter { !help.contains($0) || types[$0] == nil }.sorted()
    }

    /// `promtool check metrics < file`: exit status and everything it printed (lint problems).
    static func promtool(_ file: URL) throws -> (status: Int32, output: String) {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "promtool check metrics < \"$1\"", "sh", file.path])
        return (result.status, result.stdout + result.stderr)
    }
}

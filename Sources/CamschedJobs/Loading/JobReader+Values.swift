import CamschedCore
import Foundation

/// The values of a job file: strings, numbers, durations, sizes, names from a list, times.
extension JobReader {
    func typeMismatch(_ node: JSONNode, _ path: JobPath, expected: String) {
        report(path, node.location, "expected \(expected), found \(node.shortDescription)")
    }

    /// A string; NUL is refused everywhere, as every string ends up in a C call or a file name.
    func string(_ node: JSONNode, _ path: JobPath) -> String? {
        guard case .string(let text) = node.value else {
            typeMismatch(node, path, expected: "a string")
            return nil
        }
        guard !text.utf8.contains(0) else {
            report(path, node.location, "must not contain the NUL character (\\u0000)")
            return nil
        }
        return text
    }

    func nonEmptyString(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = string(node, path) else { return nil }
        guard !text.isEmpty else {
            report(path, node.location, "must not be empty")
            return nil
        }
        return text
    }

    func bool(_ node: JSONNode, _ path: JobPath) -> Bool? {
        guard case .bool(let value) = node.value else {
            typeMismatch(node, path, expected: "true or false")
            return nil
        }
        return value
    }

    func number(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard case .number(let number) = node.value else {
            typeMismatch(node, path, expected: "a number")
            return nil
        }
        return number.value
    }

    /// A frame rate in ``JobLimits/frameRate``.
    func frameRate(_ node: JSONNode, _ path: JobPath) -> Double? {
        number(node, path, in: JobLimits.frameRate)
    }

    /// A number within `range`.
    func number(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Double>) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard range.contains(value) else {
            report(path, node.location,
                   "must be between \(JobReader.format(range.lowerBound)) and \(JobReader.format(range.upperBound)), found \(node.shortDescription)")
            return nil
        }
        return value
    }

    func integer(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Int64>) -> Int64? {
        guard case .number(let number) = node.value else {
            typeMismatch(node, path, expected: "a whole number")
            return nil
        }
        guard let value = number.integerValue else {
            typeMismatch(node, path, expected: "a whole number")
            return nil
        }
        guard range.contains(value) else {
            if range.upperBound == .max {
                report(path, node.location, "must be at least \(range.lowerBound), found \(node.shortDescription)")
            } else {
                report(path, node.location,
                       "must be between \(range.lowerBound) and \(range.upperBound), found \(node.shortDescription)")
            }
            return nil
        }
        return value
    }

    /// A duration: a string with units or a number of seconds, within `range`.
    func duration(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Duration>) -> Duration? {
        let parsed: Duration?
        switch node.value {
        case .string(let text): parsed = DurationParser.parse(text)
        case .number(let number): parsed = DurationParser.duration(seconds: number.value)
        default:
            typeMismatch(node, path, expected: "a duration such as \"10s\"")
            return nil
        }
        guard let duration = parsed else {
            report(path, node.location, "\(node.shortDescription) is not a duration; \(DurationParser.syntaxHint)")
            return nil
        }
        guard range.contains(duration) else {
            let low = range.lowerBound
            let bounds = low == .nanoseconds(1) ? "more than 0s" : "at least \(low.compactDescription)"
            let high = range.upperBound == JobLimits.maximumDuration ? "" : " and at most \(range.upperBound.compactDescription)"
            report(path, node.location, "must be \(bounds)\(high), found \(node.shortDescription)")
            return nil
        }
        return duration
    }

    /// A duration more than zero, up to 100 years.
    func positiveDuration(_ node: JSONNode, _ path: JobPath) -> Duration? {
        duration(node, path, in: JobLimits.positiveDuration)
    }

    /// A byte size: a string with units or a number of bytes.
    func byteSize(_ node: JSONNode, _ path: JobPath, positive: Bool) -> Int64? {
        let parsed: Int64?
        switch node.value {
        case .string(let text): parsed = ByteSizeParser.parse(text)
        case .number(let number): parsed = ByteSizeParser.bytes(number.value)
        default:
            typeMismatch(node, path, expected: "a size such as \"500MB\"")
            return nil
        }
        guard let bytes = parsed else {
            report(path, node.location, "\(node.shortDescription) is not a size; \(ByteSizeParser.syntaxHint)")
            return nil
        }
        if positive && bytes <= 0 {
            report(path, node.location, "must be more than 0 bytes, found \(node.shortDescription)")
            return nil
        }
        guard bytes <= JobLimits.maximumBytes else {
            report(path, node.location, "must be at most 1EB (10^18 bytes), found \(node.shortDescription)")
            return nil
        }
        return bytes
    }

    /// One of the string values of an enumeration.
    func choice<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: JobPath, _ type: E.Type) -> E?
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .string(let text) = node.value else {
            typeMismatch(node, path, expected: "one of " + names.map(JSONNode.quoted).joined(separator: ", "))
            return nil
        }
        if let value = E(rawValue: text) { return value }
        var message = "\(JSONNode.quoted(text)) is not one of " + names.map(JSONNode.quoted).joined(separator: ", ")
        if let suggestion = NameSuggester.suggestion(for: text, among: names) {
            message += "; did you mean \(JSONNode.quoted(suggestion))?"
        }
        report(path, node.location, message)
        return nil
    }

    /// A file or folder path: not empty, at most `PATH_MAX` bytes.
    func filePath(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = nonEmptyString(node, path) else { return nil }
        guard text.utf8.count <= JobLimits.maximumPathBytes else {
            report(path, node.location, "is \(text.utf8.count) bytes long; a path may have at most \(JobLimits.maximumPathBytes)")
            return nil
        }
        return text
    }

    /// An RFC 3339 time.
    func date(_ node: JSONNode, _ path: JobPath) -> Date? {
        guard let text = string(node, path) else { return nil }
        guard let date = RFC3339DateParser.parse(text) else {
            report(path, node.location,
                   "\(node.shortDescription) is not an RFC 3339 time; \(RFC3339DateParser.syntaxHint)")
            return nil
        }
        return date
    }

    /// A sun-relative time: `"sunrise"`, `"sunset+30m"`, `"dawn-1h"`.
    func sunTime(_ node: JSONNode, _ path: JobPath) -> SunTime? {
        guard let text = string(node, path) else { return nil }
        do {
            return try SunTime(parsing: text)
        } catch {
            report(path, node.location, error.description)
            return nil
        }
    }
}

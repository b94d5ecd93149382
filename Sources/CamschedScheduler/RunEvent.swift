import Foundation

/// One event of a run, as written to stdout with `--json` (one JSON object per line, each with
/// `"event"` and `"time"`: RFC 3339 UTC with milliseconds).
public struct RunEvent: Sendable {
    public var name: String
    public var time: Date
    /// Further fields; values are JSON-compatible (String, numbers, Bool, arrays, dictionaries, NSNull).
    public var fields: [String: any Sendable]

    public init(_ name: String, time: Date = Date(), _ fields: [String: any Sendable] = [:]) {
        self.name = name
        self.time = time
        self.fields = fields
    }

    /// The event as one line of JSON (no trailing newline), keys sorted after `event`, `time`.
    public func jsonLine() -> String {
        var object: [String: Any] = [:]
        for (key, value) in fields { object[key] = RunEvent.jsonValue(value) }
        object["event"] = name
        object["time"] = RFC3339.string(from: time)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func jsonValue(_ value: Any) -> Any {
        switch value {
        case let date as Date: return RFC3339.string(from: date)
        case let url as URL: return url.path
        case let array as [Any]: return array.map(jsonValue)
        case let dict as [String: Any]: return dict.mapValues(jsonValue)
        case let number as Int64: return NSNumber(value: number)
        case let number as UInt32: return NSNumber(value: number)
        case let number as Double: return number.isFinite ? NSNumber(value: (number * 1000).rounded() / 1000) : NSNull()
        case is NSNull, is String, is Int, is Bool: return value
        case let optional as Optional<Any>:
            if case let .some(wrapped) = optional { return jsonValue(wrapped) }
            return NSNull()
        }
    }
}

/// RFC 3339 UTC timestamps with milliseconds: `2026-11-22T10:00:00.123Z`.
public enum RFC3339 {
    public static func string(from date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(millis / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(millis % 1000))
    }
}

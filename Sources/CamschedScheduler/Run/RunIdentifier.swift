import Foundation

/// Run ids: `20261122T101500Z-3fa2` — sortable by time, unique enough across one machine.
public enum RunIdentifier {
    public static func make(at date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                           Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        return stamp + "-" + String(format: "%04x", UInt16.random(in: 0...UInt16.max))
    }
}

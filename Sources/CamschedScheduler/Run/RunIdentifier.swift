import CamschedCore
import Foundation

/// Run ids: `20261122T101500Z-3fa2` — sortable by time, unique enough across one machine.
public enum RunIdentifier {
    public static func make(at date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let day = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2)]
        let time = [Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)]
        let stamp = day.map { PaddedNumber.text($0.0, width: $0.1) }.joined() + "T"
            + time.map { PaddedNumber.text($0, width: 2) }.joined() + "Z"
        return stamp + "-" + PaddedNumber.text(Int(UInt16.random(in: 0...UInt16.max)), width: 4, radix: 16)
    }
}

import CamschedCore
import Foundation

/// Run ids: `20261122T101500Z-3fa2` — sortable by time, unique enough across one machine.
package enum RunIdentifier {
    package static func make(at date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { PaddedNumber.text(Int(value), width: 2) }
        let stamp = PaddedNumber.text(Int(parts.tm_year) + 1900, width: 4) + two(parts.tm_mon + 1) + two(parts.tm_mday)
            + "T" + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec) + "Z"
        return stamp + "-" + PaddedNumber.text(Int(UInt16.random(in: 0...UInt16.max)), width: 4, radix: 16)
    }
}

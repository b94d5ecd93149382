import Foundation
import Logging

/// Keeps a repeating notice or warning to one line per change (SPEC section 7): the same message again
/// from the same logger is held back and counted; when it changes, or has not come for
/// `quiet`, one line says how often it repeated.
///
/// A camera that fails every second for an hour then writes two lines, not 3600.
struct RepeatFilter: Sendable {
    struct Held: Sendable {
        var message: String
        var level: Logger.Level
        var repeats: Int
        var last: Date
    }

    /// How long a held message may be silent before its count is written.
    let quiet: TimeInterval
    private(set) var held: [String: Held] = [:]

    init(quiet: TimeInterval = 30) {
        self.quiet = quiet
    }

    /// What to write for `message` from logger `label`: nothing when it repeats the last one,
    /// else the counts of stopped repeats and the message itself. Levels below notice pass
    /// unchanged (info and debug output should stay complete); notices are folded too, since
    /// what outsiders set off (a flood of MQTT commands, each one accepted) logs at notice.
    mutating func admit(_ message: String, level: Logger.Level, label: String, at now: Date)
        -> [(level: Logger.Level, message: String)] {
        var out = flush(olderThan: now.addingTimeInterval(-quiet))
        guard level >= .notice else { return out + [(level, message)] }
        // Notices and warnings are held apart: a run's closing notice between two failures of
        // the same hook does not end the warning's fold.
        let key = (level >= .warning ? "w:" : "n:") + label
        if var previous = held[key], previous.message == message, previous.level == level {
            previous.repeats += 1
            previous.last = now
            held[key] = previous
            return out
        }
        if let previous = held[key], previous.repeats > 0 { out.append(RepeatFilter.summary(previous)) }
        held[key] = Held(message: message, level: level, repeats: 0, last: now)
        return out + [(level, message)]
    }

    /// The counts of every held message that repeated, for the end of the process.
    mutating func flushAll() -> [(level: Logger.Level, message: String)] {
        flush(olderThan: .distantFuture)
    }

    private mutating func flush(olderThan limit: Date) -> [(level: Logger.Level, message: String)] {
        var out: [(level: Logger.Level, message: String)] = []
        for (key, entry) in held.sorted(by: { $0.value.last < $1.value.last })
        where entry.last < limit {
            if entry.repeats > 0 { out.append(RepeatFilter.summary(entry)) }
            held[key] = nil
        }
        return out
    }

    static func summary(_ entry: Held) -> (level: Logger.Level, message: String) {
        let times = entry.repeats == 1 ? "once more" : "\(entry.repeats) more times"
        return (entry.level, "the last message repeated \(times): \(entry.message)")
    }
}

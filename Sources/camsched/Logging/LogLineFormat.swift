import CamschedCore
import CamschedFiling
import Foundation
import Logging

/// Turns one log message into the text written to stderr for a ``LogDestination``: every line
/// of a multi-line message gets the prefix, so a journal or log file never holds a bare line.
struct LogLineFormat: Sendable {
    let destination: LogDestination

    /// The syslog priority journald reads from a `<N>` prefix.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }

    /// `warning: ` and `error: ` keep their word on every destination: a priority is a colour
    /// in `journalctl`, and lost in a copied line.
    static func label(_ level: Logger.Level) -> String {
        switch level {
        case .warning: return "warning: "
        case .error, .critical: return "error: "
        default: return ""
        }
    }

    /// The text for `message` at `level`, ending with a newline.
    /// - Parameter program: `camsched: ` and the level's label, off for text that carries its own.
    func text(_ message: String, level: Logger.Level, at date: Date = Date(), program: Bool = true) -> String {
        let head: String
        switch destination {
        case .journal: head = "<\(LogLineFormat.priority(level))>"
        case .terminal: head = ""
        case .file: head = RFC3339Timestamp.string(from: date) + " "
        }
        let body = program ? "camsched: " + LogLineFormat.label(level) : ""
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var out = ""
        for (index, line) in lines.enumerated() {
            // Continuation lines keep the prefix but not the repeated label.
            out += head + (index == 0 ? body : "") + line + "\n"
        }
        // On a terminal, clear a progress line being drawn so the message does not land inside it.
        return destination == .terminal ? "\r\u{1B}[K" + out : out
    }
}

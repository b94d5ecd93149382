import CamschedScheduler
import Foundation
import Logging
import Synchronization

/// camsched's stderr: the one place that formats lines for the destination (journal, file,
/// terminal), holds back repeating warnings and writes each message with one `write`, so
/// lines from several threads never interleave.
final class LogOutput: Sendable {
    static let shared = LogOutput(destination: LogDestination.detect(environment: ProcessInfo.processInfo.environment))

    let format: LogLineFormat
    private let filter = Mutex(RepeatFilter())

    init(destination: LogDestination) {
        format = LogLineFormat(destination: destination)
    }

    /// A message from a swift-log logger: repeats are counted, not written.
    func log(_ message: String, level: Logger.Level, label: String) {
        let lines = filter.withLock { $0.admit(message, level: level, label: label, at: Date()) }
        write(lines.map { format.text($0.message, level: $0.level) }.joined())
    }

    /// A message for the person running the command (a result, a failure): always written.
    /// - Parameter program: prefix `camsched: ` and the level (off when `text` carries its own).
    func say(_ text: String, level: Logger.Level, program: Bool = true) {
        write(format.text(text, level: level, program: program))
    }

    /// Writes the counts of warnings still being held back (at exit).
    func finish() {
        let lines = filter.withLock { $0.flushAll() }
        write(lines.map { format.text($0.message, level: $0.level) }.joined())
    }

    private func write(_ text: String) {
        StandardStream.error.write(text)
    }
}

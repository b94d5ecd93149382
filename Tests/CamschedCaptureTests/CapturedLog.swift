import Logging
import Synchronization

/// A swift-log handler that keeps the messages logged through it, for a test to read.
struct CapturedLog: LogHandler {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level >= .warning { lines.append(event.message.description) }
    }

    /// A logger whose warnings (and worse) end up in the returned lines.
    static func logger() -> (Logger, Lines) {
        let lines = Lines()
        return (Logger(label: "test") { _ in CapturedLog(lines: lines) }, lines)
    }
}

import Foundation
import Logging

/// Human logs on stderr: `camsched: message` lines (with the level for warnings and errors).
struct TerminalLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let prefix: String
        switch event.level {
        case .warning: prefix = "camsched: warning: "
        case .error, .critical: prefix = "camsched: error: "
        default: prefix = "camsched: "
        }
        FileHandle.standardError.write(Data((prefix + event.message.description + "\n").utf8))
    }
}

enum LogSetup {
    /// Installs the stderr handler once; `CAMSCHED_LOG_LEVEL` (trace…critical) overrides `level`.
    static func bootstrap(level: Logger.Level = .info) {
        let chosen = ProcessInfo.processInfo.environment["CAMSCHED_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? level
        LoggingSystem.bootstrap { _ in TerminalLogHandler(logLevel: chosen) }
    }
}

import ArgumentParser
import Foundation
import Logging

/// swift-log's handler for camsched: every logger writes through ``LogOutput``.
struct StderrLogHandler: LogHandler {
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        LogOutput.shared.log(event.message.description, level: event.level, label: label)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// `--log-level`, for the commands that log as they work.
struct LoggingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How much to log (default: info; snapshot: warning). Overrides CAMSCHED_LOG_LEVEL.",
        valueName: "level"))
    var logLevel: Logger.Level?
}

enum LogSetup {
    /// Installs the stderr handler once. The level is `option` (`--log-level`), else
    /// `CAMSCHED_LOG_LEVEL`, else the command's `level`. Warnings held back as repeats are
    /// counted on stderr when the process exits.
    static func bootstrap(level: Logger.Level = .info, option: Logger.Level? = nil,
                          environment: [String: String] = ProcessInfo.processInfo.environment) {
        var chosen = option ?? level
        var problem: String?
        if option == nil, let text = environment["CAMSCHED_LOG_LEVEL"], !text.isEmpty {
            if let parsed = Logger.Level(rawValue: text.lowercased()) {
                chosen = parsed
            } else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                problem = "CAMSCHED_LOG_LEVEL=\(text) is not one of \(names); logging at \(level.rawValue)"
            }
        }
        let selected = chosen
        LoggingSystem.bootstrap { label in StderrLogHandler(label: label, logLevel: selected) }
        atexit { LogOutput.shared.finish() }
        if let problem { LogOutput.shared.say(problem, level: .warning) }
    }
}

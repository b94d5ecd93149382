import Logging
import Synchronization

/// A swift-log handler that keeps messages for tests to inspect.
struct RecordingLogHandler: LogHandler {
    final class Store: Sendable {
        let messages = Mutex<[(Logger.Level, String)]>([])
        var all: [(Logger.Level, String)] { messages.withLock { $0 } }
        func contains(_ text: String) -> Bool { all.contains { $0.1.contains(text) } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.messages.withLock { $0.append((event.level, event.message.description)) }
    }

    static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in RecordingLogHandler(store: store) }, store)
    }
}

import Logging
import Synchronization

/// A swift-log handler that keeps messages for tests to inspect.
package struct RecordingLogHandler: LogHandler {
    package final class Store: Sendable {
        package let messages = Mutex<[(Logger.Level, String)]>([])
        package var all: [(Logger.Level, String)] { messages.withLock { $0 } }
        package func contains(_ text: String) -> Bool { all.contains { $0.1.contains(text) } }
    }

    package let store: Store
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        store.messages.withLock { $0.append((event.level, event.message.description)) }
    }

    package static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in RecordingLogHandler(store: store) }, store)
    }
}

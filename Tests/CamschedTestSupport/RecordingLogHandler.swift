import Logging
import Synchronization

/// A swift-log handler that keeps messages for tests to inspect.
public struct RecordingLogHandler: LogHandler {
    public final class Store: Sendable {
        public let messages = Mutex<[(Logger.Level, String)]>([])
        public var all: [(Logger.Level, String)] { messages.withLock { $0 } }
        public func contains(_ text: String) -> Bool { all.contains { $0.1.contains(text) } }
    }

    public let store: Store
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        store.messages.withLock { $0.append((event.level, event.message.description)) }
    }

    public static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in RecordingLogHandler(store: store) }, store)
    }
}

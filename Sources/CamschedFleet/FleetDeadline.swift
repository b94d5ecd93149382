import Foundation

/// Bounds a network operation in time: PostgreSQL slow or gone never holds up the caller for
/// longer than it allows.
enum FleetDeadline {
    /// Runs `body`; after `timeout`, calls `onTimeout` (which must make `body` end, e.g. by
    /// closing its connection) and throws ``FleetError/timedOut(url:seconds:)``.
    static func run<T: Sendable>(
        _ timeout: Duration, url: String, onTimeout: @escaping @Sendable () -> Void,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let value = first else {
                onTimeout()
                group.cancelAll()
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw FleetError.timedOut(url: url, seconds: seconds)
            }
            group.cancelAll()
            return value
        }
    }
}

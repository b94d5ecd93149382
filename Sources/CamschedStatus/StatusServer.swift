import CamschedScheduler
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOPosix
import ServiceLifecycle

/// The live status server of `run` and `daemon` (SPEC section 6) on Hummingbird: its own
/// event loops, a read-only view of the ``StatusBoard``, and the few controls of
/// ``StatusControl``. Nothing here is on the capture path.
public struct StatusServer: Sendable {
    public let address: ListenAddress
    public let token: BearerToken?
    public let board: StatusBoard
    public let control: StatusControl
    public let exposition: PrometheusExposition
    let logger: Logger

    /// - Throws: ``StatusServerError/tokenRequired(_:)`` for an address other machines can
    ///   reach without a token.
    public init(address: ListenAddress, token: BearerToken?, board: StatusBoard, control: StatusControl,
                exposition: PrometheusExposition, logger: Logger = Logger(label: "camsched.status")) throws(StatusServerError) {
        guard address.isLoopback || token != nil else { throw .tokenRequired(address) }
        self.address = address
        self.token = token
        self.board = board
        self.control = control
        self.exposition = exposition
        self.logger = logger
    }

    /// Serves until `finished` returns, then shuts down gracefully: no new connections, open
    /// answers complete (a preview stream ends with its run). `onListening` gets the bound port
    /// once the server accepts connections (the real one when the address asked for port 0).
    /// - Throws: ``StatusServerError/cannotListen(_:reason:)`` when the address cannot be bound.
    public func run(onListening: @escaping @Sendable (Int) -> Void, until finished: @escaping @Sendable () async -> Void) async throws {
        // Hummingbird's own start and per-connection notes are info level: camsched says where it listens itself.
        var quieter = logger
        quieter.logLevel = max(logger.logLevel, .notice)
        let application = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "camsched",
                                 availableConnectionsDelegate: MaximumAvailableConnections(64)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(Self.eventLoops),
            logger: quieter)
        let services = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        let board = self.board, address = self.address
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                do { try await services.run() } catch {
                    throw StatusServerError.cannotListen(address, reason: "\(error)")
                }
                return true
            }
            group.addTask {
                while !Task.isCancelled {
                    board.refresh()
                    try? await Task.sleep(for: .seconds(1))
                }
                return false
            }
            group.addTask {
                await finished()
                await services.triggerGracefulShutdown()
                return false
            }
            // Until the server itself has ended (after its graceful shutdown, or failing to bind).
            while let serverEnded = try await group.next(), !serverEnded {}
            group.cancelAll()
        }
    }

    /// The server's own event loop: one thread, apart from capture and the scheduler.
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    func makeRouter() -> Router<StatusRequestContext> {
        let router = Router(context: StatusRequestContext.self)
        router.add(middleware: AccessMiddleware(token: token))
        addPageRoutes(router)
        addAPIRoutes(router)
        addPreviewRoutes(router)
        // POST endpoints exist only on loopback or with a token (a server elsewhere without one never starts).
        if address.isLoopback || token != nil { addControlRoutes(router) }
        return router
    }
}

import CamschedCore
import CamschedScheduler
import Foundation
import Hummingbird
import Logging

/// The live status server of `run` and `daemon` (SPEC section 6) on Hummingbird: its own
/// event loop (made by the first connection), a read-only view of the ``StatusBoard``, and the
/// few controls of ``StatusControl``. Nothing here is on the capture path.
package struct StatusServer: Sendable {
    package let address: ListenAddress
    package let token: BearerToken?
    package let board: StatusBoard
    package let control: StatusControl
    package let exposition: PrometheusExposition
    let logger: Logger
    /// Browser sessions of logins through the page's form (with a token only).
    let sessions = SessionStore()
    /// Wrong logins through the form, per client.
    let logins = LoginThrottle()
    /// The jobs' preview pictures.
    let previews: LivePreviews

    /// - Throws: ``StatusServerError/tokenRequired(_:)`` for an address other machines can
    ///   reach without a token.
    package init(address: ListenAddress, token: BearerToken?, board: StatusBoard, control: StatusControl,
                exposition: PrometheusExposition, logger: Logger = Logger(label: "camsched.status")) throws(StatusServerError) {
        guard address.isLoopback || token != nil else { throw .tokenRequired(address) }
        self.address = address
        self.token = token
        self.board = board
        self.control = control
        self.exposition = exposition
        self.logger = logger
        previews = LivePreviews(logger: logger)
    }

    /// Serves until `finished` returns, then shuts down gracefully: no new connections, open
    /// answers complete (a preview stream ends with its run). `onListening` gets the bound port
    /// once the server accepts connections (the real one when the address asked for port 0).
    ///
    /// The socket listens from the start; the HTTP server (swift-nio's event loop thread,
    /// Hummingbird's router) is made when the first connection arrives, so that a server nobody
    /// has asked yet costs the process almost nothing (see Documentation/performance.md).
    /// - Throws: ``StatusServerError/cannotListen(_:reason:)`` when the address cannot be bound.
    package func run(onListening: @escaping @Sendable (Int) -> Void, until finished: @escaping @Sendable () async -> Void) async throws {
        let socket = try ListeningSocket.open(address)
        onListening(socket.port)
        let pending = PendingConnection(descriptor: socket.descriptor)
        let stopped = StopLatch()
        // Hummingbird's per-connection notes are info level: camsched says where it listens itself.
        var quieter = logger
        quieter.logLevel = max(logger.logLevel, .notice)
        let board = self.board
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await finished()
                pending.stop()
                stopped.fire()
            }
            group.addTask { [logins, logger] in
                // Chart samples and frame counters go on whether or not anyone has looked yet.
                await Periodic.run(every: .seconds(1)) {
                    board.refresh()
                    if let summary = logins.takeSummary() { logger.notice("\(summary)") }
                }
            }
            guard await pending.wait() == .connection else {
                socket.close()
                group.cancelAll()
                return
            }
            try await serveHTTP(on: socket, until: stopped, logger: quieter)
            group.cancelAll()
        }
        // The wrong logins of the period that the stop cut short.
        if let summary = logins.takeSummary(force: true) { logger.notice("\(summary)") }
    }

    func makeRouter() -> Router<StatusRequestContext> {
        let router = Router(context: StatusRequestContext.self)
        // First: it leaves out the body of every answer to a HEAD, the other middleware's too.
        router.add(middleware: HeadRequestMiddleware())
        router.add(middleware: AccessMiddleware(token: token, sessions: sessions))
        addLoginRoutes(router)
        addPageRoutes(router)
        addAPIRoutes(router)
        addPreviewRoutes(router)
        addFileRoutes(router)
        // POST endpoints exist only on loopback or with a token (a server elsewhere without one never starts).
        if address.isLoopback || token != nil { addControlRoutes(router) }
        return router
    }
}

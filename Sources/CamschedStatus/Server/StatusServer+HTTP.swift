import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

extension StatusServer {
    /// The server's own event loop: one thread, apart from capture and the scheduler, made
    /// with the first connection (a Swift static is initialised on first use).
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Connections kept open: one more closes the one that has waited longest for a request
    /// (see ``OpenConnections``).
    static let connectionRoom = 64
    /// At most this many connections at once, however many are being answered; more wait in the
    /// kernel's queue until one ends.
    static let maximumConnections = 128
    /// How long a connection may wait for a complete request head: from when it opens, and on a
    /// kept-alive connection from the end of the previous answer (nginx's `client_header_timeout`
    /// and `keepalive_timeout`; Hummingbird's idle timeout, which never cuts an answer).
    static let idleTimeout: TimeAmount = .seconds(10)
    /// How long a request's body may take after its head (see ``RequestPhaseHandler``).
    static let bodyTimeout: TimeAmount = .seconds(10)

    /// Serves HTTP with Hummingbird's HTTP/1.1 channel and the router on `socket`, which
    /// swift-nio takes over, until `stopped` fires; then takes no new connection and closes each
    /// open one after its answer in progress (a preview stream ends with its run).
    func serveHTTP(on socket: ListeningSocket, until stopped: StopLatch, logger: Logger) async throws {
        let connections = OpenConnections(room: Self.connectionRoom)
        let http = HTTP1Channel(
            responder: Self.responder(makeRouter().buildResponder(), logger: logger),
            configuration: .init(
                additionalChannelHandlers: [RequestPhaseHandler(connections: connections, bodyTimeout: Self.bodyTimeout)],
                idleTimeout: Self.idleTimeout))
        let server = try await ServerBootstrap(group: Self.eventLoops)
            .serverChannelOption(ChannelOptions.backlog, value: ListeningSocket.backlog)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AvailableConnectionsChannelHandler(maxConnections: Self.maximumConnections))
                }
            }
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .bind(socket.descriptor) { channel in
                connections.add(channel)
                return http.setup(channel: channel, logger: logger).map(AcceptedConnection.init)
            }
        socket.restoreBacklog()
        await withDiscardingTaskGroup { group in
            group.addTask {
                await stopped.wait()
                server.channel.close(promise: nil)
                try? await server.channel.closeFuture.get()
                connections.quiesce()
            }
            do {
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask {
                            guard let value = connection.take() else { return }
                            await http.handle(value: value, logger: logger)
                        }
                    }
                }
            } catch ChannelError.alreadyClosed {
                // Closed by the stop above.
            } catch {
                logger.error("live status server: \(error)")
            }
        }
    }

    /// Answers one request as Hummingbird's `Application` does: the router's answer (500 for
    /// an error no route turned into one), with `Date` and `Server` headers.
    static func responder(_ router: RouterResponder<StatusRequestContext>, logger: Logger) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            let context = StatusRequestContext(source: .init(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await router.respond(to: request, context: context)
            } catch let error as HTTPParserError {
                throw error
            } catch {
                logger.debug("unanswered error: \(error)")
                response = Response(status: .internalServerError)
            }
            response.headers[.date] = HTTPDate.string()
            response.headers[.server] = "camsched"
            do {
                try await writer.write(response: response.head, body: response.body)
            } catch is HTTPParserError {
                // The request broke while its answer was written: end the connection, no second answer.
                throw CancellationError()
            }
        }
    }
}

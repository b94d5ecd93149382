import CamschedCore
import NIOCore
import NIOHTTPTypes

/// Follows the requests and answers of one status-server connection, after Hummingbird's
/// HTTP/1 decoding: tells ``OpenConnections`` while a complete request is being answered
/// (such a connection is never closed to make room: a `stream.mjpg` reader keeps its stream),
/// and closes the connection when a request's body has not all come within `bodyTimeout` of
/// its head (nginx's `client_body_timeout`, counted for the whole body, so that a body sent a
/// byte a second does not hold the connection). The head itself, and the next request on a
/// kept-alive connection, are timed by Hummingbird's idle timeout (``StatusServer/idleTimeout``).
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: OpenConnections
    private let bodyTimeout: TimeAmount
    private var bodyDeadline: Scheduled<Void>?
    /// Requests received complete, and answers ended.
    private var requestsRead = 0
    private var answersWritten = 0

    init(connections: OpenConnections, bodyTimeout: TimeAmount) {
        self.connections = connections
        self.bodyTimeout = bodyTimeout
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyDeadline?.cancel()
        bodyDeadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyDeadline?.cancel()
            bodyDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: bodyTimeout) {
                context.close(promise: nil)
            }
        case .body:
            break
        case .end:
            bodyDeadline?.cancel()
            bodyDeadline = nil
            requestsRead += 1
            update(context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answersWritten += 1
            update(context)
        }
        context.write(data, promise: promise)
    }

    private func update(_ context: ChannelHandlerContext) {
        connections.setAnswering(ObjectIdentifier(context.channel), requestsRead > answersWritten)
    }
}

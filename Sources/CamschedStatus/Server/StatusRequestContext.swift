import Hummingbird
import NIOCore

/// Hummingbird's basic request context plus the connection's channel, for the socket options
/// of a long-lived stream and the client's address (the login throttle counts per client).
struct StatusRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    var remoteAddress: SocketAddress? { channel.remoteAddress }
}

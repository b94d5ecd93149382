import Hummingbird
import NIOCore

/// Hummingbird's basic request context plus the connection's channel, for the socket options
/// of a long-lived stream.
struct StatusRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

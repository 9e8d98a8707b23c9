import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's basics and the address of the peer, which
/// the rate limits use (docs/ARCHITECTURE.md, "Operating the server").
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address of the other end of the connection (a proxy, when there is one); nil in tests
    /// that drive the router without a socket.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

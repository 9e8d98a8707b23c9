import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's basics, the address of the peer, which the
/// rate limits use, and who is asking (docs/ARCHITECTURE.md, "Operating the server" and "People").
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address of the other end of the connection (a proxy, when there is one); nil in tests
    /// that drive the router without a socket.
    public let remoteAddress: SocketAddress?
    /// Who is asking, set by ``AccessMiddleware`` on every route that needs a role; nil on routes
    /// open to everyone or to SDK keys.
    public var principal: Principal?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        principal = nil
    }
}

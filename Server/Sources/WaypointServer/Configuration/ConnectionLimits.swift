/// How long a connection may keep the server waiting, and how many connections may be open at once,
/// in all and from one client (docs/ARCHITECTURE.md, "Operating the server").
public struct ConnectionLimits: Sendable, Equatable {
    /// A connection must send a request's complete headers within this long of opening, or of the
    /// end of its previous answer; otherwise it is closed. This closes silent connections and
    /// clients that send their headers a byte at a time.
    public var headerTimeout: Duration
    /// A request's whole body must arrive within this long of its headers; otherwise it is answered
    /// 408 (when no answer has begun) and its connection closed. This closes clients that send a
    /// body a byte at a time, which the idle timeout never does.
    public var bodyTimeout: Duration
    /// A connection that sends nothing for this long while its request's body is expected is closed.
    public var idleTimeout: Duration
    /// The most connections open at once; beyond it the server accepts no connection until one
    /// closes (they wait in the system's queue of pending connections).
    public var maxConnections: Int
    /// The most connections one peer address may have open at once (IPv6 peers counted by their
    /// /64 network); a connection beyond it is closed as soon as it is accepted. Trusted proxies are
    /// not counted. Nil allows a tenth of the connections the server serves (see
    /// ``connectionsPerAddress(serving:)``).
    public var maxConnectionsPerAddress: Int?

    /// Without a `maxConnectionsPerAddress`, one address may hold this fraction of the connections.
    static let defaultAddressShare = 10

    public init(
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
        maxConnections: Int = 1000, maxConnectionsPerAddress: Int? = nil
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    /// The most connections one address may have open when the server serves at most
    /// `maxConnections`: ``maxConnectionsPerAddress``, or else a tenth of them (at least one).
    public func connectionsPerAddress(serving maxConnections: Int) -> Int {
        maxConnectionsPerAddress ?? max(1, maxConnections / Self.defaultAddressShare)
    }
}

/// How long a connection may keep the server waiting, and how many connections may be open at once
/// (docs/ARCHITECTURE.md, "Operating the server").
public struct ConnectionLimits: Sendable, Equatable {
    /// A connection must send a request's complete headers within this long of opening, or of the
    /// end of its previous answer; otherwise it is closed. This closes silent connections and
    /// clients that send their headers a byte at a time.
    public var headerTimeout: Duration
    /// A connection that sends nothing for this long while its request's body is expected is closed.
    public var idleTimeout: Duration
    /// The most connections open at once; beyond it the server accepts no connection until one
    /// closes (they wait in the system's queue of pending connections).
    public var maxConnections: Int

    public init(headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), maxConnections: Int = 1000) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }
}

import Hummingbird
import NIOCore

extension ClientAddress {
    /// A client address as a rate-limit bucket name: the peer's IP address as bytes, read straight
    /// from the socket address, or the text ``resolve(peer:forwardedFor:)`` gives.
    ///
    /// Two requests have equal keys exactly when ``resolve(peer:forwardedFor:)`` gives them equal addresses:
    /// without trusted proxies both name the peer's IP address (never its port), and behind trusted
    /// proxies the key is that text. Reading the bytes spares formatting the address on every request.
    enum Key: Hashable, Sendable {
        case ipv4(UInt32)
        case ipv6(UInt64, UInt64)
        case text(String)
    }

    /// The client's address for a request from `peer` with the `X-Forwarded-For` lines `forwardedFor`
    /// (read only behind trusted proxies), as a bucket name.
    func key(peer: SocketAddress?, forwardedFor: @autoclosure () -> [String]) -> Key {
        guard trustedProxies.isEmpty else { return .text(resolve(peer: peer?.ipAddress, forwardedFor: forwardedFor())) }
        let key = peer.flatMap { peer in
            IPAddressBytes.withBytes(of: peer) { bytes -> Key in
                bytes.count == 4
                    ? .ipv4(bytes.loadUnaligned(as: UInt32.self))
                    : .ipv6(bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }
        return key ?? .text(Self.unknown)
    }

    /// The client's address for a request handled with `context`, as a bucket name.
    func key(_ request: Request, context: some RequestContext) -> Key {
        key(peer: (context as? any RemoteAddressRequestContext)?.remoteAddress,
            forwardedFor: request.headers[values: Self.forwardedFor])
    }
}

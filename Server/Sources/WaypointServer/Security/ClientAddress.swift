import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who sent a request, for the rate limits: the peer's address, or, when the peer is a trusted
/// proxy, the right-most address in `X-Forwarded-For` that is not a trusted proxy
/// (docs/ARCHITECTURE.md, "Operating the server").
///
/// Each proxy appends the address it received the request from, so the entries to the left of the
/// last untrusted one were written by the client itself and prove nothing.
struct ClientAddress: Sendable {
    let trustedProxies: [TrustedProxy]

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    /// The address of requests that came without a socket (tests that drive the router directly).
    static let unknown = "unknown"

    /// The client's address for `request`, whose connection's other end is `peer`.
    func resolve(_ request: Request, peer: SocketAddress?) -> String {
        resolve(peer: peer?.ipAddress, forwardedFor: request.headers[values: Self.forwardedFor])
    }

    /// The client's address, from the peer's address and the `X-Forwarded-For` header lines.
    func resolve(peer: String?, forwardedFor lines: [String]) -> String {
        guard let peer else { return Self.unknown }
        guard isTrusted(peer) else { return peer }
        var client = peer
        let forwarded = lines.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for entry in forwarded.reversed() {
            // A malformed entry cannot be told apart from a forged one: stop at the last good address.
            guard IPAddressBytes.parse(entry) != nil else { break }
            client = entry
            if !isTrusted(entry) { break }
        }
        return client
    }

    /// The client's address for a request handled with `context`.
    func resolve(_ request: Request, context: some RequestContext) -> String {
        resolve(request, peer: (context as? any RemoteAddressRequestContext)?.remoteAddress)
    }

    private func isTrusted(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}

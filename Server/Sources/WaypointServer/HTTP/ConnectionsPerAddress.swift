import NIOCore
import Synchronization

/// How many connections each peer address has open, shared by every connection of the server, so
/// that one address cannot take every connection the server allows (docs/ARCHITECTURE.md,
/// "Operating the server").
///
/// The address counted is the socket's peer: an IPv4 address (also when mapped into IPv6), or the
/// /64 network of an IPv6 address, since one host commonly holds a whole /64. Peers that are trusted
/// proxies are not counted: every client behind them shares their address, and the proxy limits its
/// clients itself. Nor are peers without an IP address (a Unix socket).
final class ConnectionsPerAddress: Sendable {
    /// The most connections one address may have open.
    let limit: Int
    private let trustedProxies: [TrustedProxy]
    private let open = Mutex<[Key: Count]>([:])

    /// An address as counted.
    enum Key: Hashable, Sendable {
        /// The four bytes of an IPv4 address, in network order.
        case ipv4(UInt32)
        /// The first eight bytes of an IPv6 address: its /64 network.
        case ipv6Network(UInt64)
    }

    /// The connections one address has open, and whether its reaching the limit has been logged
    /// since it last had none.
    private struct Count {
        var connections = 0
        var logged = false
    }

    /// What a new connection may do.
    enum Admission: Equatable {
        /// It is counted under this key until ``close(_:)``.
        case counted(Key)
        /// It is not counted (a trusted proxy, or no IP address).
        case uncounted
        /// Its address has ``limit`` connections open: close it. `firstSinceIdle` is true the
        /// first time this happens since the address had no connection (log that one only).
        case refused(firstSinceIdle: Bool)
    }

    init(limit: Int, trustedProxies: [TrustedProxy]) {
        self.limit = limit
        self.trustedProxies = trustedProxies
    }

    /// Counts a connection from `peer`, unless its address has ``limit`` connections open.
    func admit(_ peer: SocketAddress?) -> Admission {
        guard let key = Self.key(peer) else { return .uncounted }
        if !trustedProxies.isEmpty, let address = peer?.ipAddress, trustedProxies.contains(where: { $0.contains(address) }) {
            return .uncounted
        }
        return open.withLock { open in
            var count = open[key, default: Count()]
            defer { open[key] = count }
            guard count.connections < limit else {
                let first = !count.logged
                count.logged = true
                return .refused(firstSinceIdle: first)
            }
            count.connections += 1
            return .counted(key)
        }
    }

    /// Forgets a connection that ``admit(_:)`` counted under `key`.
    func close(_ key: Key) {
        open.withLock { open in
            guard var count = open[key] else { return }
            count.connections -= 1
            open[key] = count.connections > 0 ? count : nil
        }
    }

    /// The connections counted under `key` (for tests).
    func connections(_ key: Key) -> Int {
        open.withLock { $0[key]?.connections ?? 0 }
    }

    /// The key `peer` is counted under; nil when it has no IP address.
    static func key(_ peer: SocketAddress?) -> Key? {
        guard let peer else { return nil }
        return IPAddressBytes.withBytes(of: peer) { bytes -> Key in
            if bytes.count == 4 { return .ipv4(bytes.loadUnaligned(as: UInt32.self)) }
            // ::ffff:a.b.c.d is the IPv4 address a.b.c.d, as a dual-stack socket reports it.
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return .ipv4(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            }
            return .ipv6Network(bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        }
    }
}

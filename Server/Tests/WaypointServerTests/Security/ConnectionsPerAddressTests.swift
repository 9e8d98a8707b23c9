import NIOCore
import Testing
@testable import WaypointServer

/// One address may hold only so many connections; what counts as one address, and who is not
/// counted (docs/ARCHITECTURE.md, "Operating the server").
@Suite("Connections per address")
struct ConnectionsPerAddressTests {
    private static func peer(_ address: String, port: Int = 50_000) throws -> SocketAddress {
        try SocketAddress(ipAddress: address, port: port)
    }

    @Test(arguments: [
        // IPv4 addresses are counted one by one, whatever the port.
        ("203.0.113.1", "203.0.113.1", true), ("203.0.113.1", "203.0.113.2", false),
        // An IPv4 address mapped into IPv6, as a dual-stack socket reports it, is the IPv4 address.
        ("::ffff:203.0.113.1", "203.0.113.1", true), ("::ffff:203.0.113.1", "::ffff:203.0.113.2", false),
        // IPv6 addresses by their /64: one host commonly holds a whole /64.
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:9", true), ("2001:db8:1:2::1", "2001:db8:1:3::1", false),
        ("::1", "::2", true), ("::1", "127.0.0.1", false),
    ])
    func addressesAreCountedByTheirKey(first: String, second: String, same: Bool) throws {
        let one = ConnectionsPerAddress.key(try Self.peer(first, port: 1))
        let other = ConnectionsPerAddress.key(try Self.peer(second, port: 2))
        #expect(one != nil && other != nil)
        #expect((one == other) == same, "\(first) and \(second)")
    }

    @Test func anAddressAtTheLimitIsRefusedUntilOneOfItsConnectionsCloses() throws {
        let table = ConnectionsPerAddress(limit: 2, trustedProxies: [])
        let peer = try Self.peer("203.0.113.1")
        let key = try #require(ConnectionsPerAddress.key(peer))
        #expect(table.admit(peer) == .counted(key))
        #expect(table.admit(try Self.peer("203.0.113.1", port: 50_001)) == .counted(key))
        // The first refusal is the one logged; the next ones are not, while the address holds connections.
        #expect(table.admit(peer) == .refused(firstSinceIdle: true))
        #expect(table.admit(peer) == .refused(firstSinceIdle: false))
        // Another address is not affected.
        let other = try Self.peer("203.0.113.2")
        #expect(table.admit(other) == .counted(try #require(ConnectionsPerAddress.key(other))))
        #expect(table.connections(key) == 2)
        table.close(key)
        #expect(table.admit(peer) == .counted(key))
        #expect(table.admit(peer) == .refused(firstSinceIdle: false))
        table.close(key)
        table.close(key)
        #expect(table.connections(key) == 0)
        // Once the address held none, reaching the limit again is logged again.
        #expect(table.admit(peer) == .counted(key))
        #expect(table.admit(peer) == .counted(key))
        #expect(table.admit(peer) == .refused(firstSinceIdle: true))
    }

    /// Behind a trusted proxy every client shares the proxy's address: it is not counted (the proxy
    /// limits its clients), while other peers still are.
    @Test func aTrustedProxyIsNotCounted() throws {
        let table = ConnectionsPerAddress(limit: 1, trustedProxies: [try TrustedProxy("10.0.0.0/8"), try TrustedProxy("::1")])
        for port in 1...5 {
            #expect(table.admit(try Self.peer("10.1.2.3", port: port)) == .uncounted)
            #expect(table.admit(try Self.peer("::1", port: port)) == .uncounted)
        }
        let other = try Self.peer("203.0.113.1")
        #expect(table.admit(other) == .counted(try #require(ConnectionsPerAddress.key(other))))
        #expect(table.admit(other) == .refused(firstSinceIdle: true))
    }

    @Test func withoutAPeerAddressAConnectionIsNotCounted() throws {
        let table = ConnectionsPerAddress(limit: 1, trustedProxies: [])
        #expect(table.admit(nil) == .uncounted)
        #expect(table.admit(try SocketAddress(unixDomainSocketPath: "/tmp/waypoint.sock")) == .uncounted)
    }

    /// By default one address may hold a tenth of the connections the server serves (at least one);
    /// `--max-connections-per-address` replaces that.
    @Test func theDefaultLimitIsATenthOfTheConnections() {
        #expect(ConnectionLimits().maxConnectionsPerAddress == nil)
        #expect(ConnectionLimits().connectionsPerAddress(serving: 1000) == 100)
        #expect(ConnectionLimits().connectionsPerAddress(serving: 64) == 6)
        #expect(ConnectionLimits().connectionsPerAddress(serving: 4) == 1)
        #expect(ConnectionLimits(maxConnectionsPerAddress: 7).connectionsPerAddress(serving: 1000) == 7)
    }
}

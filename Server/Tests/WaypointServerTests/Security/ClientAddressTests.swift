import NIOCore
import Testing
@testable import WaypointServer

/// Who a request comes from, for the rate limits.
@Suite("Client address")
struct ClientAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false), ("127.0.0.1", "::ffff:127.0.0.1", true),
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false), ("192.168.1.128/25", "192.168.1.200", true),
        ("192.168.1.128/25", "192.168.1.100", false), ("::1", "::1", true), ("fd00::/8", "fd12:3456::1", true),
        ("fd00::/8", "fe80::1", false), ("0.0.0.0/0", "203.0.113.1", true), ("10.0.0.0/8", "not an address", false),
    ])
    func aTrustedProxyRangeHoldsItsAddresses(range: String, address: String, contained: Bool) throws {
        #expect(try TrustedProxy(range).contains(address) == contained)
    }

    @Test(arguments: ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/8/8", "10.0.0.0/x", "", "fe80::1%eth0"])
    func aMalformedTrustedProxyIsRefusedWithTheFix(text: String) {
        #expect {
            try TrustedProxy(text)
        } throws: { error in
            let message = (error as? ConfigurationError)?.description ?? ""
            return message.contains("--trusted-proxy \(text) is not an IP address or a CIDR range") && message.contains("10.0.0.0/8")
        }
    }

    @Test(arguments: [
        // Without a trusted proxy the header is the client's own claim and is ignored.
        ([String](), "203.0.113.1", ["198.51.100.7"], "203.0.113.1"),
        // From a trusted proxy: the right-most entry that is not a trusted proxy.
        (["127.0.0.1"], "127.0.0.1", ["198.51.100.7"], "198.51.100.7"),
        (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", ["6.6.6.6, 198.51.100.7, 10.0.0.2"], "198.51.100.7"),
        (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", ["6.6.6.6", "198.51.100.7, 10.0.0.2"], "198.51.100.7"),
        // A garbage entry stops the walk at the last good address.
        (["127.0.0.1"], "127.0.0.1", ["198.51.100.7, garbage"], "127.0.0.1"),
        // A trusted proxy that sent no header is the client itself.
        (["127.0.0.1"], "127.0.0.1", [], "127.0.0.1"),
        // Every entry trusted: the left-most one is the client.
        (["10.0.0.0/8", "127.0.0.1"], "127.0.0.1", ["10.0.0.9, 10.0.0.2"], "10.0.0.9"),
    ])
    func theClientIsTheRightMostUntrustedAddress(trusted: [String], peer: String, header: [String], client: String) throws {
        let resolver = ClientAddress(trustedProxies: try trusted.map { try TrustedProxy($0) })
        #expect(resolver.resolve(peer: peer, forwardedFor: header) == client)
    }

    /// The rate limit names a client by ``ClientAddress/key(peer:forwardedFor:)``, read from the socket
    /// address's bytes: two peers share a bucket exactly when their resolved addresses are equal.
    @Test func bucketNamesAreEqualExactlyWhenTheResolvedAddressesAre() throws {
        let plain = ClientAddress(trustedProxies: [])
        let peers = try [
            ("203.0.113.1", 50_000), ("203.0.113.1", 50_001), ("203.0.113.2", 50_000), ("2001:db8::1", 1), ("2001:db8::1", 2),
            ("2001:db8::2", 1), ("::ffff:203.0.113.1", 1), ("127.0.0.1", 8080), ("::1", 8080),
        ].map { try SocketAddress(ipAddress: $0.0, port: $0.1) }
        for first in peers {
            for second in peers {
                let sameKey = plain.key(peer: first, forwardedFor: ["198.51.100.7"]) == plain.key(peer: second, forwardedFor: [])
                let sameAddress = plain.resolve(peer: first.ipAddress, forwardedFor: []) == plain.resolve(peer: second.ipAddress, forwardedFor: [])
                #expect(sameKey == sameAddress, "\(first) and \(second)")
            }
        }
        #expect(plain.key(peer: nil, forwardedFor: []) == .text(ClientAddress.unknown))
        // Behind a trusted proxy the bucket is the address the header names.
        let proxied = ClientAddress(trustedProxies: [try TrustedProxy("127.0.0.1")])
        let proxy = try SocketAddress(ipAddress: "127.0.0.1", port: 40_000)
        #expect(proxied.key(peer: proxy, forwardedFor: ["6.6.6.6, 198.51.100.7"]) == .text("198.51.100.7"))
        #expect(proxied.key(peer: peers[0], forwardedFor: ["198.51.100.7"]) == .text("203.0.113.1"))
    }

    @Test func noPeerIsTheUnknownAddress() {
        #expect(ClientAddress(trustedProxies: []).resolve(peer: nil, forwardedFor: ["198.51.100.7"]) == ClientAddress.unknown)
    }
}

/// The token buckets: their arithmetic and their bounded table.
@Suite("Rate limiter")
struct RateLimiterTests {
    @Test func aBurstThenOneTokenPerInterval() {
        let limiter = RateLimiter<String>(rate: 1, burst: 3)
        let start = ContinuousClock.now
        let answers = (0..<4).map { _ in limiter.acquire("a", now: start) }
        #expect(answers == [nil, nil, nil, 1])
        #expect(limiter.acquire("b", now: start) == nil, "another name has its own bucket")
        #expect(limiter.waitBeforeNext("a", now: start) == 1)
        #expect(limiter.waitBeforeNext("a", now: start + .seconds(1)) == nil)
        #expect(limiter.acquire("a", now: start + .seconds(1)) == nil)
    }

    @Test func aTokenGivenBackCanBeTakenAgainButNeverBeyondTheBurst() {
        let limiter = RateLimiter<String>(rate: 1, burst: 2)
        let start = ContinuousClock.now
        #expect((0..<3).map { _ in limiter.acquire("a", now: start) } == [nil, nil, 1])
        limiter.giveBack("a", now: start)
        #expect(limiter.acquire("a", now: start) == nil)
        #expect(limiter.acquire("a", now: start) == 1)
        // A full bucket, or none at all, stays at the burst.
        for _ in 0..<5 { limiter.giveBack("a", now: start + .seconds(10)) }
        limiter.giveBack("new", now: start)
        #expect((0..<3).map { _ in limiter.acquire("a", now: start + .seconds(10)) } == [nil, nil, 1])
        #expect((0..<3).map { _ in limiter.acquire("new", now: start) } == [nil, nil, 1])
    }

    @Test func anSDKKeyHasABucketPerClientAddress() {
        let limiter = RateLimiter<SDKKeyClient>(rate: 1, burst: 2)
        let start = ContinuousClock.now
        let key = SDKKeyClient.key(ofHash: SecretHash.sha256Hex("wps_first"))
        #expect(key != SDKKeyClient.key(ofHash: SecretHash.sha256Hex("wps_second")))
        #expect(key == UInt64(SecretHash.sha256Hex("wps_first").prefix(16), radix: 16))
        let flooding = SDKKeyClient(key: key, client: .ipv4(1))
        #expect((0..<3).map { _ in limiter.acquire(flooding, now: start) } == [nil, nil, 1])
        #expect(limiter.acquire(SDKKeyClient(key: key, client: .ipv4(2)), now: start) == nil, "another address has its own bucket")
        #expect(limiter.acquire(SDKKeyClient(key: key &+ 1, client: .ipv4(1)), now: start) == nil, "another key has its own bucket")
    }

    @Test func aFloodOfNewNamesKeepsTheTableBounded() {
        let limiter = RateLimiter<String>(rate: 1, burst: 2, capacity: 1000)
        let start = ContinuousClock.now
        for index in 0..<100_000 { _ = limiter.acquire("198.51.\(index / 256).\(index % 256)", now: start) }
        #expect(limiter.count <= 1000)
    }

    @Test func refilledBucketsAreDroppedAtTheNextSweep() {
        let limiter = RateLimiter<String>(rate: 1, burst: 2, capacity: 1000, sweepInterval: .seconds(60))
        let start = ContinuousClock.now
        for index in 0..<500 { _ = limiter.acquire("idle-\(index)", now: start) }
        #expect(limiter.count == 500)
        // A minute later every bucket has refilled: the sweep drops them all but the one just used.
        _ = limiter.acquire("busy", now: start + .seconds(61))
        #expect(limiter.count == 1)
        // A bucket still being drained is kept, and so is its debt.
        let later = start + .seconds(61)
        _ = limiter.acquire("busy", now: later)
        #expect(limiter.acquire("busy", now: later) == 1)
    }
}

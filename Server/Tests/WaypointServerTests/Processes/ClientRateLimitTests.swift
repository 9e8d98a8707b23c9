import Foundation
import Testing

/// The rate limit counts per SDK key and client address: one client's flood leaves the app's other
/// users served. Behind a trusted proxy the client is the right-most untrusted `X-Forwarded-For`
/// entry; from any other peer the header is ignored.
@Suite("Rate limit per client address")
struct ClientRateLimitTests {
    /// A server allowing 3 requests at once per key and address, refilling one every 100 seconds.
    private static func server(_ directory: URL, trusting proxies: [String]) async throws -> ServerProcess {
        try await ServerProcess(
            ["--data", directory.path, "--rate-limit", "0.01", "--burst", "3"] + proxies.flatMap { ["--trusted-proxy", $0] })
    }

    private static func document(_ server: ServerProcess, key: String, forwardedFor: String?) async throws -> Int {
        var headers = [("Waypoint-Key", key)]
        if let forwardedFor { headers.append(("X-Forwarded-For", forwardedFor)) }
        return try await HTTP.send(port: server.port, "/v1/document", headers: headers).status
    }

    @Test func aFloodFromOneAddressLeavesAnotherAddressServed() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await Self.server(directory, trusting: ["127.0.0.1", "::1"])
            let app = try await HTTP.createApp(port: server.port, "flooded")
            var flood: [Int] = []
            for _ in 0..<10 { flood.append(try await Self.document(server, key: app.production, forwardedFor: "203.0.113.7")) }
            #expect(flood.filter { $0 == 429 }.count == 7, "\(flood)")
            var others: [Int] = []
            for index in 0..<3 { others.append(try await Self.document(server, key: app.production, forwardedFor: "198.51.100.\(index)")) }
            #expect(!others.contains(429), "\(others)")
            #expect(server.terminate() == 0)
        }
    }

    @Test func aForgedForwardedForFromAnUntrustedPeerIsIgnored() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await Self.server(directory, trusting: [])
            let app = try await HTTP.createApp(port: server.port, "forged")
            var answers: [Int] = []
            for index in 0..<6 { answers.append(try await Self.document(server, key: app.production, forwardedFor: "198.51.100.\(index)")) }
            #expect(answers.filter { $0 == 429 }.count == 3, "each forged address got a fresh limit: \(answers)")
            #expect(server.terminate() == 0)
        }
    }

    @Test func aTrustedProxyNamesTheRightMostUntrustedAddress() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await Self.server(directory, trusting: ["127.0.0.0/8", "::1", "10.0.0.0/8"])
            let app = try await HTTP.createApp(port: server.port, "proxied")
            // The client forges the left-most entries; 203.0.113.9 is what the first trusted proxy
            // (10.1.2.3) saw, so all four requests count for 203.0.113.9.
            var answers: [Int] = []
            for forged in ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"] {
                answers.append(try await Self.document(server, key: app.production, forwardedFor: "\(forged), 203.0.113.9, 10.1.2.3"))
            }
            #expect(answers.last == 429, "\(answers)")
            #expect(answers.dropLast().allSatisfy { $0 != 429 }, "\(answers)")
            #expect(try await Self.document(server, key: app.production, forwardedFor: "203.0.113.10, 10.1.2.3") != 429)
            #expect(server.terminate() == 0)
        }
    }
}

import Foundation
import NIOCore
import Testing

/// Over sockets: an address at `--max-connections-per-address` has its new connections closed as
/// soon as they are accepted, while its open ones and other addresses are served; a trusted proxy
/// is not limited (docs/ARCHITECTURE.md, "Operating the server"). The clients connect from
/// 127.0.0.2 and 127.0.0.3, so the test's own requests from 127.0.0.1 are another address.
@Suite("Connections per address, over sockets")
struct ConnectionsPerAddressProcessTests {
    /// Sends `GET /health` on `connection` and waits for its answer.
    private static func health(_ connection: RawConnection) async throws {
        try await connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try await connection.waitFor("200 OK", timeout: .seconds(20))
    }

    @Test func anAddressOverItsLimitIsClosedAtOnceWhileOthersAreServed() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess([
                "--data", directory.path, "--max-connections-per-address", "3", "--header-timeout", "10", "--idle-timeout", "30",
            ])
            var held: [RawConnection] = []
            for _ in 0..<3 { held.append(try await RawConnection(port: server.port, from: "127.0.0.2")) }
            // Answered on the first, so the server has accepted and counted all three.
            try await Self.health(held[0])
            let over = try await RawConnection(port: server.port, from: "127.0.0.2")
            try await over.waitUntilClosed(timeout: .seconds(15))
            let lifetime = try #require(over.lifetime)
            // At once: before the header timeout (10 s) would close a silent connection.
            #expect(lifetime < .seconds(8), "the connection over the limit lived \(lifetime)")
            #expect(over.text.isEmpty, "answered over the limit: \(over.text)")
            // The address's open connections and other addresses are served.
            for connection in held { try await Self.health(connection) }
            #expect(try await HTTP.send(port: server.port, "/health", timeout: .seconds(2)).status == 200)
            let metrics = try await HTTP.send(port: server.port, "/metrics").text
            #expect(metrics.contains("waypoint_connections_refused_total 1"), "\(metrics)")
            // Once one closes, the address may connect again.
            await held[0].close()
            try await Polling.until("a new connection from 127.0.0.2 is served", timeout: .seconds(5), interval: .milliseconds(100)) {
                let again = try await RawConnection(port: server.port, from: "127.0.0.2")
                try? await again.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                try? await again.waitFor("200 OK", timeout: .seconds(1))
                return again.text.contains("200 OK")
            }
            #expect(server.terminate() == 0)
        }
    }

    @Test func aTrustedProxyIsNotLimitedWhileOtherPeersAre() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess([
                "--data", directory.path, "--max-connections-per-address", "2", "--trusted-proxy", "127.0.0.2",
                "--header-timeout", "10", "--idle-timeout", "30",
            ])
            var proxied: [RawConnection] = []
            for _ in 0..<6 { proxied.append(try await RawConnection(port: server.port, from: "127.0.0.2")) }
            for connection in proxied { try await Self.health(connection) }
            #expect(proxied.allSatisfy { !$0.isClosed })
            var direct: [RawConnection] = []
            for _ in 0..<2 { direct.append(try await RawConnection(port: server.port, from: "127.0.0.3")) }
            try await Self.health(direct[0])
            let over = try await RawConnection(port: server.port, from: "127.0.0.3")
            try await over.waitUntilClosed(timeout: .seconds(3))
            #expect(over.text.isEmpty, "answered over the limit: \(over.text)")
            #expect(server.terminate() == 0)
        }
    }
}

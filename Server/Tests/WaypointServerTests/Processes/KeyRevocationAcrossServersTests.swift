import Foundation
import Testing
@testable import WaypointServer

/// Each server keeps the SDK keys it looked up for ``Authenticator/cacheLifetime``: a key revoked
/// through one server is refused by that server at once and by another server on the same
/// PostgreSQL within that lifetime (docs/ARCHITECTURE.md, "Operating the server").
@Suite("SDK keys revoked across servers", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct KeyRevocationAcrossServersTests {
    private static func document(_ server: ServerProcess, key: String) async throws -> Int {
        try await HTTP.send(port: server.port, "/v1/document", headers: [("Waypoint-Key", key)]).status
    }

    @Test func aKeyRevokedThroughOneServerIsRefusedByTheOtherWithinTheLookupLifetime() async throws {
        let url = try PostgresServer.createDatabase()
        async let startFirst = ServerProcess(["--database", url])
        async let startSecond = ServerProcess(["--database", url])
        let (first, second) = try await (startFirst, startSecond)
        let app = try await HTTP.createApp(port: first.port, "keys")
        let upload = try await HTTP.send(port: first.port, "/v1/apps/keys/revisions", method: .POST, headers: HTTP.admin,
                                         body: try TestServer.example("waypoint.json"))
        #expect(upload.status == 201)
        let publish = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/publish", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"revision":1}"#.utf8))
        #expect(publish.status == 200)

        // Both servers look the key up and keep it.
        #expect(try await Self.document(first, key: app.production) == 200)
        #expect(try await Self.document(second, key: app.production) == 200)
        let rotated = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/keys", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"graceHours":1}"#.utf8))
        #expect(rotated.status == 201, "\(rotated.text)")
        let newKey = try #require(try rotated.object()["sdkKey"] as? String)
        // In its grace period the old key works on both.
        #expect(try await Self.document(second, key: app.production) == 200)

        let oldPrefix = String(app.production.prefix(12))
        let revokedAt = ContinuousClock.now
        let revoked = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/keys/\(oldPrefix)", method: .DELETE,
                                          headers: HTTP.admin)
        #expect(revoked.status == 200, "\(revoked.text)")
        #expect(try await Self.document(first, key: app.production) == 401, "the server that revoked refuses at once")
        let lifetime = Duration.seconds(Authenticator.cacheLifetime)
        try await Polling.until("the second server refuses the revoked key", timeout: lifetime + .seconds(3), interval: .milliseconds(100)) {
            try await Self.document(second, key: app.production) == 401
        }
        let refusedAfter = ContinuousClock.now - revokedAt
        // Within the lifetime, give or take a request and a poll on a loaded machine.
        #expect(refusedAfter <= lifetime + .seconds(1), "refused \(refusedAfter) after the revocation")
        // And for good: a refused key is not kept, so every request asks the store again.
        for _ in 0..<3 { #expect(try await Self.document(second, key: app.production) == 401) }
        #expect(try await Self.document(second, key: newKey) == 200)
        #expect(try await Self.document(first, key: newKey) == 200)
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
    }
}

import Foundation
import NIOHTTP1
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
        try await TemporaryFiles.with { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try await Self.revokeThroughOneServer(logs: directory)
        }
    }

    private static func revokeThroughOneServer(logs: URL) async throws {
        let url = try PostgresServer.createDatabase()
        let firstLog = logs.appendingPathComponent("first.log")
        let secondLog = logs.appendingPathComponent("second.log")
        async let startFirst = ServerProcess(["--database", url], log: firstLog)
        async let startSecond = ServerProcess(["--database", url], log: secondLog)
        let (first, second) = try await (startFirst, startSecond)
        // Whatever fails below, the servers' own words come with it.
        defer {
            for log in [firstLog, secondLog] {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if text.contains(" error ") || text.contains("critical") {
                    print("\(log.lastPathComponent):\n\(text.split(separator: "\n").suffix(30).joined(separator: "\n"))")
                }
            }
        }
        let app = try await HTTP.createApp(port: first.port, "keys")
        let upload = try await HTTP.send(port: first.port, "/v1/apps/keys/revisions", method: .POST, headers: HTTP.admin,
                                         body: try TestServer.example("waypoint.json"))
        #expect(upload.status == 201)
        let publish = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/publish", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"revision":1}"#.utf8))
        #expect(publish.status == 200)

        // Both servers look the key up and keep it.
        let firstLookUp = try await document(first, key: app.production)
        let secondLookUp = try await document(second, key: app.production)
        #expect(firstLookUp == 200)
        #expect(secondLookUp == 200)
        let rotated = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/keys", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"graceHours":1}"#.utf8))
        #expect(rotated.status == 201, "\(rotated.text)")
        let newKey = try #require(try rotated.object()["sdkKey"] as? String)
        // In its grace period the old key works on both.
        let inGrace = try await document(second, key: app.production)
        #expect(inGrace == 200)

        let oldPrefix = String(app.production.prefix(12))
        let revokedAt = ContinuousClock.now
        let revoked = try await HTTP.send(port: first.port, "/v1/apps/keys/environments/production/keys/\(oldPrefix)", method: .DELETE,
                                          headers: HTTP.admin)
        #expect(revoked.status == 200, "\(revoked.text)")
        let atOnce = try await document(first, key: app.production)
        #expect(atOnce == 401, "the server that revoked refuses at once")
        let lifetime = Duration.seconds(Authenticator.cacheLifetime)
        try await Polling.until("the second server refuses the revoked key", timeout: lifetime + .seconds(3), interval: .milliseconds(100)) {
            try await document(second, key: app.production) == 401
        }
        let refusedAfter = ContinuousClock.now - revokedAt
        // Within the lifetime, give or take a request and a poll on a loaded machine.
        #expect(refusedAfter <= lifetime + .seconds(1), "refused \(refusedAfter) after the revocation")
        // And for good: a refused key is not kept, so every request asks the store again.
        for _ in 0..<3 {
            let again = try await document(second, key: app.production)
            #expect(again == 401)
        }
        let newOnSecond = try await document(second, key: newKey)
        let newOnFirst = try await document(first, key: newKey)
        #expect(newOnSecond == 200)
        #expect(newOnFirst == 200)
        let firstExit = first.terminate()
        let secondExit = second.terminate()
        #expect(firstExit == 0)
        #expect(secondExit == 0)
    }
}

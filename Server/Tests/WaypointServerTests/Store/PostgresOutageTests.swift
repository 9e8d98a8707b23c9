import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// PostgreSQL stopped while the server runs: requests answer 503 with `Retry-After` within the
/// connection wait instead of hanging, `/ready` says so, and both recover by themselves once
/// PostgreSQL is back.
@Suite("PostgreSQL outage", .serialized)
struct PostgresOutageTests {
    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func aStoppedDatabaseFailsFastAndTheServerRecoversWhenItIsBack() async throws {
        let postgres = try DedicatedPostgres()
        let url = try postgres.createDatabase()
        try await PostgresServer.withStore(url: url, connectionWait: .seconds(2)) { store in
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("before")]).status == .ok)
                #expect(try await client.send("/ready").status == .ok)

                try postgres.stop()
                let clock = ContinuousClock()
                for attempt in 0..<2 {
                    // The first request finds the pool's connection gone; the next waits for a new one.
                    let start = clock.now
                    let refused = try await client.postEvents(key: app.production, lines: [TestEvents.line("during-\(attempt)")])
                    let elapsed = clock.now - start
                    #expect(refused.status == .serviceUnavailable, "\(refused.text)")
                    #expect(refused.headers[.retryAfter] == "10")
                    #expect(try refused.errorCode() == "storage-unavailable")
                    // The pool waits 2 s for a connection; a loaded test run adds its own delay (up to 6 s seen), never a hang.
                    #expect(elapsed < .seconds(10), "took \(elapsed)")
                    print("note: request during the outage answered \(refused.status.code) in \(elapsed)")
                }
                let start = clock.now
                let ready = try await client.send("/ready")
                let elapsed = clock.now - start
                #expect(ready.status == .serviceUnavailable)
                #expect(elapsed < .seconds(10), "took \(elapsed)")
                let reason = try #require(try ready.object()["reason"] as? String)
                #expect(reason.hasPrefix("PostgreSQL cannot be used now ("), "\(reason)")
                #expect(reason.hasSuffix("Check that it runs and accepts connections; the server reconnects by itself once it does."), "\(reason)")
                #expect(try await client.send("/health").status == .ok)

                try postgres.start()
                let restarted = clock.now
                try await Polling.until("/ready answers 200 after PostgreSQL is back", timeout: .seconds(30), interval: .milliseconds(200)) {
                    try await client.send("/ready").status == .ok
                }
                print("note: ready again \(clock.now - restarted) after PostgreSQL restarted")
                #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("after")]).status == .ok)
                let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
                #expect(export.status == .ok)
                #expect(export.text.contains(#""messageId":"before""#) && export.text.contains(#""messageId":"after""#))
                #expect(!export.text.contains("during-"))
            }
        }
    }
}

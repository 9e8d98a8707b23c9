import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

@Suite("POST /v1/apps")
struct AppsRouteTests {
    @Test func createsAnAppWithAProductionAndAStagingKey() async throws {
        try await TestServer.run { client in
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Fitness"}"#)
            #expect(response.status == .created)
            let object = try response.object()
            #expect(object["id"] as? String == "fitness")
            #expect(object["name"] as? String == "Fitness")
            let environments = try #require(object["environments"] as? [[String: String]])
            #expect(environments.map { $0["name"] } == ["production", "staging"])
            let keys = environments.compactMap { $0["sdkKey"] }
            #expect(keys.count == 2 && Set(keys).count == 2)
            #expect(keys.allSatisfy { $0.hasPrefix("wps_") && $0.count == 47 })
        }
    }

    @Test func anExistingIdIsAConflict() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Again"}"#)
            #expect(response.status == .conflict)
            #expect(try response.errorCode() == "conflict")
        }
    }

    @Test(arguments: ["../etc", "a/b", #"x\"y"#, "a'; DROP TABLE apps; --", "", "..", "é", String(repeating: "a", count: 65)])
    func idsOutsideTheRulesAreRefused(id: String) async throws {
        try await TestServer.run { client in
            let body = try JSONSerialization.data(withJSONObject: ["id": id, "name": "Bad"])
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, body: body)
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-id")
            // Nothing was created, and the store still works.
            _ = try await client.createApp("after")
        }
    }

    /// `GET /v1/apps`: every app by id, what each environment serves, and when its last event arrived.
    @Test func listsAppsByIdWithTheirEnvironments() async throws {
        try await TestServer.run { client in
            let empty = try await client.send("/v1/apps", headers: TestServer.admin)
            #expect(empty.status == .ok)
            #expect(empty.text == #"{"apps":[]}"#)

            let notes = try await client.createApp("notes", name: "Notes")
            _ = try await client.createApp("fitness", name: "Fitness")
            _ = try await client.upload("notes", try TestServer.example("waypoint.json"))
            _ = try await client.publish("notes", revision: 1, to: "staging")
            let before = Timestamp.milliseconds(Date())
            #expect(try await client.postEvents(key: notes.production, lines: [TestEvents.line("m1")]).status == .ok)
            let after = Timestamp.milliseconds(Date())

            let response = try await client.send("/v1/apps", headers: TestServer.admin)
            #expect(response.status == .ok)
            let apps = try #require(try response.object()["apps"] as? [[String: Any]])
            #expect(apps.map { $0["id"] as? String } == ["fitness", "notes"])
            #expect(apps.map { $0["name"] as? String } == ["Fitness", "Notes"])
            #expect(response.text.hasPrefix(#"{"apps":[{"environments":[{"eventsLast24h":0,"lastEventAt":null,"name":"production","publishedRevision":null},"#
                + #"{"eventsLast24h":0,"lastEventAt":null,"name":"staging","publishedRevision":null}],"id":"fitness","name":"Fitness"},"#))
            let environments = try #require(apps[1]["environments"] as? [[String: Any]])
            #expect(environments.map { $0["name"] as? String } == ["production", "staging"])
            #expect(environments[0]["publishedRevision"] is NSNull)
            #expect(environments[1]["publishedRevision"] as? Int == 1)
            #expect(environments[1]["lastEventAt"] is NSNull)
            let last = try #require(environments[0]["lastEventAt"] as? String)
            #expect(last.count == "2026-11-21T10:00:00.000Z".count && last.hasSuffix("Z"))
            let milliseconds = try #require(WaypointTime.parseISO8601(last))
            #expect(milliseconds >= before && milliseconds <= after)
            #expect(environments.map { $0["eventsLast24h"] as? Int } == [1, 0])
        }
    }

    /// `eventsLast24h` counts the events received in the 24 hours before the answer; `lastEventAt` stays.
    @Test func eachEnvironmentCountsItsEventsOfTheLast24Hours() async throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let clock = LockedBox(start)
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await client.createApp("fitness")
            func figures() async throws -> [String] {
                let response = try await client.send("/v1/apps", headers: TestServer.admin)
                let apps = try #require(try response.object()["apps"] as? [[String: Any]])
                let environments = try #require(apps.first?["environments"] as? [[String: Any]])
                return environments.map { "\($0["name"] ?? "") \($0["eventsLast24h"] ?? "") \($0["lastEventAt"] ?? "")" }
            }
            #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m1"), TestEvents.line("m2")]).status == .ok)
            clock.set(start.addingTimeInterval(3600))
            #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m3")]).status == .ok)
            #expect(try await client.postEvents(key: app.staging, lines: [TestEvents.line("m4")]).status == .ok)
            let second = Timestamp.iso8601(start.addingTimeInterval(3600))
            #expect(try await figures() == ["production 3 \(second)", "staging 1 \(second)"])
            // The window is the 24 hours up to now, both ends included: exactly 24 hours later, the first batch still counts.
            clock.set(start.addingTimeInterval(86_400))
            #expect(try await figures() == ["production 3 \(second)", "staging 1 \(second)"])
            clock.set(start.addingTimeInterval(86_400.001))
            #expect(try await figures() == ["production 1 \(second)", "staging 1 \(second)"])
            clock.set(start.addingTimeInterval(3600 + 86_400.001))
            #expect(try await figures() == ["production 0 \(second)", "staging 0 \(second)"])
        }
    }

    @Test func theAdminTokenIsRequiredAndChecked() async throws {
        try await TestServer.run { client in
            let body = #"{"id":"fitness","name":"Fitness"}"#
            let missing = try await client.send("/v1/apps", .post, json: body)
            #expect(missing.status == .unauthorized)
            #expect(try missing.errorCode() == "unauthorized")
            let wrong = try await client.send("/v1/apps", .post, headers: [.authorization: "Bearer \(TestServer.adminToken)x"], json: body)
            #expect(wrong.status == .unauthorized)
            let notBearer = try await client.send("/v1/apps", .post, headers: [.authorization: TestServer.adminToken], json: body)
            #expect(notBearer.status == .unauthorized)
            let app = try await client.createApp("other")
            let sdkKeyAsAdmin = try await client.send("/v1/apps", .post, headers: [.authorization: "Bearer \(app.production)"], json: body)
            #expect(sdkKeyAsAdmin.status == .unauthorized)
        }
    }

    @Test(arguments: ["not json", "{\"id\":\"fitness\"}", "[1,2]", "{\"id\":3,\"name\":\"x\"}", "{\"id\":\"x\",\"name\":\"  \"}"])
    func bodiesThatAreNotAnAppAreRefused(body: String) async throws {
        try await TestServer.run { client in
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, json: body)
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] != nil)
        }
    }

    @Test func keysAreStoredOnlyAsHashes() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let keys = LockedBox<[String]>([])
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                keys.set([app.production, app.staging])
            }
            let database = try Data(contentsOf: directory.appendingPathComponent("waypoint.sqlite"))
                + ((try? Data(contentsOf: directory.appendingPathComponent("waypoint.sqlite-wal"))) ?? Data())
            for key in keys.get() {
                #expect(database.range(of: Data(key.utf8)) == nil)
                #expect(database.range(of: Data(SecretHash.sha256Hex(key).utf8)) != nil)
            }
            #expect(database.range(of: Data(TestServer.adminToken.utf8)) == nil)
        }
    }
}

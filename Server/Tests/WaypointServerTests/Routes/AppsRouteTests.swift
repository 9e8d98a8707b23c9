import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
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

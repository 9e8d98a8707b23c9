import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
@testable import WaypointServer

/// `GET`/`POST …/environments/{env}/keys` and `DELETE …/keys/{prefix}`: rotation with a grace
/// period and revocation, on a server whose clock the test moves.
@Suite("SDK keys")
struct KeysRouteTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A server with `fitness` created and a document published to production, at `clock`.
    static func run(_ clock: LockedBox<Date>, _ body: @Sendable (any TestClientProtocol, TestApp) async throws -> Void) async throws {
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", Data(#"{"schemaVersion":1,"flows":[{"id":"a","steps":[{"id":"s"}]}]}"#.utf8)).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            try await body(client, app)
        }
    }

    static func rotate(_ client: some TestClientProtocol, _ environment: String = "production", json: String?) async throws -> TestResponse {
        try await client.send(
            "/v1/apps/fitness/environments/\(environment)/keys", .post, headers: TestServer.admin, body: json.map { Data($0.utf8) })
    }

    static func keys(_ client: some TestClientProtocol, _ environment: String = "production") async throws -> [[String: Any]] {
        let response = try await client.send("/v1/apps/fitness/environments/\(environment)/keys", headers: TestServer.admin)
        try #require(response.status == .ok, "\(response.text)")
        return try #require(try response.object()["keys"] as? [[String: Any]])
    }

    static let unknownKey = "The SDK key is not known or no longer works: use the environment's current key from POST /v1/apps or a rotation "
        + "(POST /v1/apps/{app}/environments/{environment}/keys) on this server."

    @Test func afterARotationTheOldAndTheNewKeyWorkUntilTheGracePeriodEnds() async throws {
        let clock = LockedBox(Self.start)
        try await Self.run(clock) { client, app in
            let oldPrefix = "wps_" + app.production.dropFirst(4).prefix(8)
            #expect(try await Self.keys(client).map { $0["keyPrefix"] as? String } == [oldPrefix])
            #expect(try await client.document(key: app.production).status == .ok)

            clock.set(Self.start.addingTimeInterval(60))
            let response = try await Self.rotate(client, json: #"{"graceHours":2}"#)
            #expect(response.status == .created, "\(response.text)")
            let object = try response.object()
            let key = try #require(object["sdkKey"] as? String)
            #expect(key.hasPrefix("wps_") && key.count == 47 && key != app.production)
            #expect(object["keyPrefix"] as? String == String(key.prefix(12)))
            #expect(object["environment"] as? String == "production")
            let expires = Timestamp.iso8601(Self.start.addingTimeInterval(60 + 7200))
            #expect(response.text.contains(
                #""previousKeys":[{"createdAt":"\#(Timestamp.iso8601(Self.start))","expiresAt":"\#(expires)","keyPrefix":"\#(oldPrefix)","status":"retiring"}]"#),
                "\(response.text)")

            // Both keys fetch the document and send events.
            #expect(try await client.document(key: app.production).status == .ok)
            #expect(try await client.document(key: key).status == .ok)
            #expect(try await client.postEvents(key: key, lines: [TestEvents.line("m1")]).status == .ok)

            clock.set(Self.start.addingTimeInterval(60 + 7200 - 0.001))
            #expect(try await client.document(key: app.production).status == .ok)
            clock.set(Self.start.addingTimeInterval(60 + 7200))
            let ended = try await client.document(key: app.production)
            #expect(ended.status == .unauthorized)
            #expect(try ended.object()["error"] as? [String: String] == ["code": "unauthorized", "message": Self.unknownKey])
            #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m2")]).status == .unauthorized)
            #expect(try await client.document(key: key).status == .ok)

            let listed = try await Self.keys(client)
            #expect(listed.map { $0["keyPrefix"] as? String } == [oldPrefix, String(key.prefix(12))])
            #expect(listed.map { $0["status"] as? String } == ["ended", "current"])
            #expect(listed[1]["expiresAt"] is NSNull)
            // Staging is untouched.
            #expect(try await client.document(key: app.staging).status == .notFound)
            #expect(try await Self.keys(client, "staging").map { $0["status"] as? String } == ["current"])
        }
    }

    @Test func aRevokedKeyIsRefusedAtOnceAndTheCurrentKeyCannotBeRevoked() async throws {
        let clock = LockedBox(Self.start)
        try await Self.run(clock) { client, app in
            let oldPrefix = "wps_" + app.production.dropFirst(4).prefix(8)
            // No body: the default grace period, 24 hours.
            let rotated = try await Self.rotate(client, json: nil)
            #expect(rotated.status == .created)
            let rotatedObject = try rotated.object()
            let key = try #require(rotatedObject["sdkKey"] as? String)
            let previous = try #require(rotatedObject["previousKeys"] as? [[String: Any]])
            #expect(previous.first?["expiresAt"] as? String == Timestamp.iso8601(Self.start.addingTimeInterval(86_400)))
            #expect(try await client.document(key: app.production).status == .ok)

            clock.set(Self.start.addingTimeInterval(5))
            let revoked = try await client.send("/v1/apps/fitness/environments/production/keys/\(oldPrefix)", .delete, headers: TestServer.admin)
            #expect(revoked.status == .ok)
            #expect(revoked.text == #"{"environment":"production","key":{"createdAt":"\#(Timestamp.iso8601(Self.start))","#
                + #""expiresAt":"\#(Timestamp.iso8601(Self.start.addingTimeInterval(5)))","keyPrefix":"\#(oldPrefix)","status":"ended"}}"#)
            // Refused at once, although this process had just looked the key up.
            #expect(try await client.document(key: app.production).status == .unauthorized)
            #expect(try await client.document(key: key).status == .ok)

            let current = try await client.send(
                "/v1/apps/fitness/environments/production/keys/\(key.prefix(12))", .delete, headers: TestServer.admin)
            #expect(current.status == .conflict)
            #expect(try current.object()["error"] as? [String: String] == [
                "code": "conflict",
                "message": "\"\(key.prefix(12))\" is the current key of \"production\" and was not revoked, so apps can still connect; "
                    + "rotate first with POST /v1/apps/fitness/environments/production/keys ({\"graceHours\":0} ends it at once).",
            ])
            #expect(try await client.document(key: key).status == .ok)
        }
    }

    @Test func noGracePeriodEndsTheReplacedKeysAtOnce() async throws {
        let clock = LockedBox(Self.start)
        try await Self.run(clock) { client, app in
            #expect(try await client.document(key: app.production).status == .ok)
            let rotated = try await Self.rotate(client, json: #" {"graceHours":0} "#)
            #expect(rotated.status == .created)
            #expect((try rotated.object()["previousKeys"] as? [Any])?.isEmpty == true)
            #expect(try await client.document(key: app.production).status == .unauthorized)
            #expect(try await client.document(key: try #require(try rotated.object()["sdkKey"] as? String)).status == .ok)
        }
    }

    @Test(arguments: [
        (#"{"graceHours":721}"#, #""graceHours" must be a whole number of hours from 0 (the replaced keys stop at once) to 720 (30 days), not 721."#),
        (#"{"graceHours":-1}"#, #""graceHours" must be a whole number of hours from 0 (the replaced keys stop at once) to 720 (30 days), not -1."#),
        (#"{"graceHours":1.5}"#, #""graceHours" must be a whole number of hours from 0 to 720, not 1.5."#),
        (#"{"graceHours":"24"}"#, #""graceHours" must be a whole number of hours from 0 to 720, not "24"."#),
        (#"{"graceHours":null}"#, #""graceHours" must be a whole number of hours from 0 to 720, not null."#),
        (#"{"grace":24}"#, #""grace" is not a field of a rotation; send only "graceHours", such as {"graceHours":24}, or nothing."#),
        ("[24]", #"The body must be a JSON object such as {"graceHours":24}, or empty."#),
    ])
    func aBadRotationIsRefusedAndChangesNothing(body: String, message: String) async throws {
        try await Self.run(LockedBox(Self.start)) { client, app in
            let response = try await Self.rotate(client, json: body)
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? [String: String] == ["code": "bad-request", "message": message])
            #expect(try await Self.keys(client).count == 1)
            #expect(try await client.document(key: app.production).status == .ok)
        }
    }

    @Test func unknownAppsEnvironmentsAndPrefixesAre404WithWhatToDo() async throws {
        let noApp = "There is no app \"nope\"; create it with POST /v1/apps."
        let noEnvironment = "There is no environment \"qa\"; use production or staging."
        let noKey = "The environment \"production\" of \"fitness\" has no key \"wps_abcdefgh\"; "
            + "list its keys with GET /v1/apps/fitness/environments/production/keys."
        let cases: [(HTTPRequest.Method, String, String)] = [
            (.get, "/v1/apps/nope/environments/production/keys", noApp),
            (.post, "/v1/apps/nope/environments/production/keys", noApp),
            (.delete, "/v1/apps/nope/environments/production/keys/wps_abcdefgh", noApp),
            (.get, "/v1/apps/fitness/environments/qa/keys", noEnvironment),
            (.post, "/v1/apps/fitness/environments/qa/keys", noEnvironment),
            (.delete, "/v1/apps/fitness/environments/qa/keys/wps_abcdefgh", noEnvironment),
            (.delete, "/v1/apps/fitness/environments/production/keys/wps_abcdefgh", noKey),
        ]
        try await Self.run(LockedBox(Self.start)) { client, _ in
            for (method, path, message) in cases {
                let response = try await client.send(path, method, headers: TestServer.admin)
                #expect(response.status == .notFound, "\(method) \(path)")
                let error = try response.object()["error"] as? [String: String]
                #expect(error == ["code": "not-found", "message": message], "\(method) \(path)")
            }
        }
    }

    @Test func keyRoutesNeedTheAdminToken() async throws {
        try await Self.run(LockedBox(Self.start)) { client, app in
            for (method, path) in [(HTTPRequest.Method.get, "keys"), (.post, "keys"), (.delete, "keys/wps_abcdefgh")] {
                let response = try await client.send(
                    "/v1/apps/fitness/environments/production/\(path)", method, headers: [.authorization: "Bearer \(app.production)"])
                #expect(response.status == .unauthorized, "\(method) \(path)")
            }
            #expect(try await Self.keys(client).count == 1)
        }
    }

    @Test func aRotatedKeyIsStoredOnlyAsItsHashAndPrefix() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let key = LockedBox("")
            try await TestServer.run(store: store) { client in
                _ = try await client.createApp("fitness")
                let rotated = try await Self.rotate(client, json: #"{"graceHours":1}"#)
                key.set(try #require(try rotated.object()["sdkKey"] as? String))
            }
            let database = try Data(contentsOf: directory.appendingPathComponent("waypoint.sqlite"))
                + ((try? Data(contentsOf: directory.appendingPathComponent("waypoint.sqlite-wal"))) ?? Data())
            #expect(database.range(of: Data(key.get().utf8)) == nil)
            #expect(database.range(of: Data(SecretHash.sha256Hex(key.get()).utf8)) != nil)
            #expect(database.range(of: Data(key.get().prefix(12).utf8)) != nil)
        }
    }
}

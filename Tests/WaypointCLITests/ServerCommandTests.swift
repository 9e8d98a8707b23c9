import Foundation
import TestSupport
import Testing
import Waypoint
@testable import WaypointCLI

/// `publish` and `play --send-to` against a scripted server on loopback. Serialized: the admin token is
/// an environment variable of the process.
@Suite(.serialized) struct ServerCommandTests {
    static let document = CommandRunner.example("waypoint.json")

    /// The server's `GET /v1/me` for a token with the publisher role: `publish` asks it first.
    static let publisher = ScriptedHTTPPeer.Reply(
        200, text: #"{"role":"publisher","credential":"api-token","accountId":"a1","name":"Ada","tokenPrefix":"wpt_12345678"}"#)

    static func withToken<T>(_ token: String?, personal: String? = nil, _ body: () throws -> T) rethrows -> T {
        if let token { setenv("WAYPOINT_ADMIN_TOKEN", token, 1) } else { unsetenv("WAYPOINT_ADMIN_TOKEN") }
        if let personal { setenv("WAYPOINT_TOKEN", personal, 1) } else { unsetenv("WAYPOINT_TOKEN") }
        defer {
            unsetenv("WAYPOINT_ADMIN_TOKEN")
            unsetenv("WAYPOINT_TOKEN")
        }
        return try body()
    }

    /// The token sent is the first of --token-file, WAYPOINT_TOKEN and WAYPOINT_ADMIN_TOKEN.
    @Test func publishSendsAPersonalTokenFromTheEnvironmentOrAFile() async throws {
        let answers: [ScriptedHTTPPeer.Reply] = [
            Self.publisher,
            .init(201, text: #"{"revision":3,"sha256":"9f2c","diagnostics":[]}"#),
            .init(200, text: #"{"environment":"production","revision":3,"previousRevision":2}"#),
        ]
        let fromEnvironment = try ScriptedHTTPPeer(answers)
        defer { fromEnvironment.stop() }
        let first = await OffThePool.run { Self.withToken("admin-t0ken", personal: "wpt_personal") {
            CommandRunner.run(["publish", Self.document, "--server", fromEnvironment.url.absoluteString, "--app", "fitness"])
        } }
        #expect(first.status == 0, "\(first.error ?? "")")
        #expect(fromEnvironment.requests.map { $0.header("Authorization") } == ["Bearer wpt_personal", "Bearer wpt_personal", "Bearer wpt_personal"])

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-token-\(UUID().uuidString)")
        try "wpt_fromfile\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try ScriptedHTTPPeer(answers)
        defer { fromFile.stop() }
        let second = await OffThePool.run { Self.withToken("admin-t0ken", personal: "wpt_personal") {
            CommandRunner.run(["publish", Self.document, "--server", fromFile.url.absoluteString, "--app", "fitness", "--token-file", file.path])
        } }
        #expect(second.status == 0, "\(second.error ?? "")")
        #expect(fromFile.requests.map { $0.header("Authorization") } == ["Bearer wpt_fromfile", "Bearer wpt_fromfile", "Bearer wpt_fromfile"])

        let missing = await OffThePool.run { Self.withToken(nil) {
            CommandRunner.run(["publish", Self.document, "--server", "http://127.0.0.1:9", "--app", "fitness", "--token-file", file.path + ".gone"])
        } }
        #expect(missing.status == 1)
        #expect(missing.error?.hasPrefix("Could not read the token file \(file.path).gone") == true, "\(missing.error ?? "")")
    }

    @Test func aTokenWithTooLowARoleIsToldBeforeAnythingIsUploaded() async throws {
        let peer = try ScriptedHTTPPeer([
            .init(200, text: #"{"role":"editor","credential":"api-token","accountId":"a2","name":"Bob","tokenPrefix":"wpt_abcdefgh"}"#)
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken(nil, personal: "wpt_editor") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 1)
        #expect(result.error == "WAYPOINT_TOKEN acts as an editor (Bob); publishing needs the publisher role. "
            + "Nothing was uploaded: ask an owner for the role, or use a token that has it.")
        #expect(peer.requests.map(\.path) == ["/v1/me"], "no revision was uploaded")
    }

    @Test func aServerWithoutTheRoleQuestionIsStillPublishedTo() async throws {
        let peer = try ScriptedHTTPPeer([
            .init(404, text: #"{"error":{"code":"not-found","message":"no route"}}"#),
            .init(201, text: #"{"revision":3,"sha256":"9f2c","diagnostics":[]}"#),
            .init(200, text: #"{"environment":"production","revision":3,"previousRevision":2}"#),
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(peer.requests.map(\.path) == ["/v1/me", "/v1/apps/fitness/revisions", "/v1/apps/fitness/environments/production/publish"])
    }

    @Test func publishUploadsTheBytesThenPublishesTheRevision() async throws {
        let peer = try ScriptedHTTPPeer([
            Self.publisher,
            .init(201, text: #"{"revision":3,"sha256":"9f2c","diagnostics":[]}"#),
            .init(200, text: #"{"environment":"staging","revision":3,"previousRevision":2}"#),
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness", "--environment", "staging"])
        } }
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output == "Published revision 3 of fitness to staging (sha256 9f2c); it replaces revision 2.\n")
        let requests = peer.requests
        #expect(requests.map(\.path) == ["/v1/me", "/v1/apps/fitness/revisions", "/v1/apps/fitness/environments/staging/publish"])
        #expect(requests.dropFirst().allSatisfy { $0.method == "POST" && $0.header("Authorization") == "Bearer t0ken" })
        #expect(requests.first?.method == "GET" && requests.first?.header("Authorization") == "Bearer t0ken")
        #expect(requests.dropFirst().first?.body == (try Data(contentsOf: URL(fileURLWithPath: Self.document))))
        #expect(requests.last.map { String(decoding: $0.body, as: UTF8.self) } == #"{"revision":3}"#)
    }

    /// Publishing the revision an environment already serves (identical bytes uploaded again) says nothing changed.
    @Test func publishingTheServedRevisionAgainSaysNothingChanged() async throws {
        let peer = try ScriptedHTTPPeer([
            Self.publisher,
            .init(200, text: #"{"diagnostics":[],"existing":true,"revision":2,"sha256":"9f2c"}"#),
            .init(200, text: #"{"environment":"production","revision":2,"previousRevision":2}"#),
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output == """
            fitness has these bytes already as revision 2; no revision was added.
            Revision 2 of fitness (sha256 9f2c) was already published to production; nothing changed.

            """)
    }

    /// The `preview` of a server's 409: one flow with users moved back, resumed and discarded, one with nobody in flight.
    static let refusal = #"""
        {"error":{"code":"needs-confirmation","message":"Nothing was published: Publishing revision 3 to production changes steps users are on: 2 users in flight would be moved back, 1 would lose their progress and start again. Send \"confirm\": true to publish anyway."},
        "preview":{"diagnostics":[],"discardedUsers":1,"environment":"production","flows":[
        {"id":"signup","inFlight":{"discarded":1,"fresh":0,"reassigned":0,"resumed":[{"step":"login","users":3}],"truncated":[{"droppedVisits":2,"step":"splash","users":2}],"users":6},"pathCount":{"candidate":"2","published":"3"}},
        {"id":"tour","inFlight":{"discarded":0,"fresh":0,"reassigned":0,"resumed":[],"truncated":[],"users":0},"pathCount":{"candidate":"1","published":"1"}}],
        "movedBackUsers":2,"needsConfirmation":true,"publishedRevision":2,"revision":3,"wouldDiscardUsers":true}}
        """#

    @Test func aPublishThatNeedsConfirmationPrintsWhereUsersWouldLandAndExits1() async throws {
        let peer = try ScriptedHTTPPeer([
            Self.publisher,
            .init(201, text: #"{"diagnostics":[],"existing":false,"revision":3,"sha256":"9f2c"}"#),
            .init(409, text: Self.refusal),
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 1)
        #expect(result.output == """
            Publishing revision 3 to production (it serves revision 2) changes steps users are on:
              signup: 6 users in flight: 3 resumed at `login`; 2 moved back to `splash` (2 visits dropped); 1 discarded (starts again)
            Nothing was published. Run the command again with --confirm to publish revision 3 anyway.

            """)
        #expect(peer.requests.last.map { String(decoding: $0.body, as: UTF8.self) } == #"{"revision":3}"#)
    }

    /// Run again with `--confirm`: the same bytes are the revision the server has, published with `"confirm": true`.
    @Test func confirmSendsTheConfirmation() async throws {
        let peer = try ScriptedHTTPPeer([
            Self.publisher,
            .init(200, text: #"{"diagnostics":[],"existing":true,"revision":3,"sha256":"9f2c"}"#),
            .init(200, text: #"{"environment":"production","preview":{},"previousRevision":2,"revision":3}"#),
        ])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness", "--confirm"])
        } }
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output == """
            fitness has these bytes already as revision 3; no revision was added.
            Published revision 3 of fitness to production (sha256 9f2c); it replaces revision 2.

            """)
        #expect(peer.requests.map(\.path) == ["/v1/me", "/v1/apps/fitness/revisions", "/v1/apps/fitness/environments/production/publish"])
        #expect(peer.requests.last.map { String(decoding: $0.body, as: UTF8.self) } == #"{"revision":3,"confirm":true}"#)
    }

    @Test func aRefusedDocumentShowsTheServersDiagnosticsWithFileLineAndColumn() async throws {
        let peer = try ScriptedHTTPPeer([Self.publisher, .init(422, text: """
            {"error":{"code":"invalid-document","message":"the document has errors"},"diagnostics":[
            {"severity":"error","code":"unknown-target","path":"flows[0].steps[0].on.next","line":7,"column":28,"message":"`nowhere` is not a step of flow `signup`"},
            {"severity":"warning","code":"unreachable-step","path":"flows[0].steps[2]","line":12,"column":9,"message":"step `extra` cannot be reached"}]}
            """)])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 1)
        #expect(result.output == """
            waypoint.json:7:28: error: `nowhere` is not a step of flow `signup` [unknown-target]
            waypoint.json:12:9: warning: step `extra` cannot be reached [unreachable-step]
            waypoint.json: 1 error, 1 warning
            The server refused waypoint.json: fix the errors above and publish again; nothing was published.

            """)
        #expect(peer.requests.count == 2)
    }

    @Test(arguments: [
        (401, "Could not upload waypoint.json: the server answered 401 (bad token); check WAYPOINT_ADMIN_TOKEN."),
        (404, "Could not upload waypoint.json: the server answered 404 (bad token); check --app and --environment (the app must exist on the server)."),
        (500, "Could not upload waypoint.json: the server answered 500 (bad token); the server failed; try again, and look at its log."),
    ])
    func otherAnswersAreClearErrors(status: Int, message: String) async throws {
        let peer = try ScriptedHTTPPeer([Self.publisher, .init(status, text: #"{"error":{"code":"x","message":"bad token"}}"#)])
        defer { peer.stop() }
        let result = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", peer.url.absoluteString, "--app", "fitness"])
        } }
        #expect(result.status == 1)
        #expect(result.error == message)
    }

    /// `waypoint login`: the email and password once (HTTP Basic) for a token, kept in a 0600 file that
    /// `publish` then reads for that server.
    @Test func loginKeepsATokenThatPublishUses() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        setenv("XDG_CONFIG_HOME", config.path, 1)
        defer { unsetenv("XDG_CONFIG_HOME") }
        let made = #"{"token":"wpt_madeByLogin","details":{"tokenPrefix":"wpt_madeByLo","name":"CI","role":"publisher","createdAt":"2026-12-06T00:00:00Z","expiresAt":"2027-03-06T00:00:00Z","lastUsedAt":null,"revokedAt":null,"status":"active"}}"#
        let server = try ScriptedHTTPPeer([
            .init(201, text: made),
            Self.publisher,
            .init(201, text: #"{"revision":3,"sha256":"9f2c","diagnostics":[]}"#),
            .init(200, text: #"{"environment":"production","revision":3,"previousRevision":2}"#),
        ])
        defer { server.stop() }
        let login = await OffThePool.run { Self.withToken(nil) {
            CommandRunner.run(
                ["login", "--server", server.url.absoluteString, "--email", "ada@example.com", "--name", "CI", "--password-stdin"],
                input: ["s3cret: with a colon"])
        } }
        #expect(login.status == 0, "\(login.error ?? "")")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/v1/tokens")
        #expect(request.header("Authorization") == "Basic " + Data("ada@example.com:s3cret: with a colon".utf8).base64EncodedString())
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["name"] as? String == "CI" && body["role"] as? String == "publisher" && body["expiresInDays"] as? Int == 90)

        let host = try #require(server.url.host), port = try #require(server.url.port)
        let file = config.appendingPathComponent("waypoint/tokens/\(host)_\(port)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "wpt_madeByLogin\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "readable by its owner only: \(String(mode, radix: 8))")
        #expect(login.output.contains("saved it in \(file.path), readable by you only"), "\(login.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [file.lastPathComponent],
                "no temporary file left")

        // publish finds it for this server, before the admin token.
        let publish = await OffThePool.run { Self.withToken("admin-t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", server.url.absoluteString, "--app", "fitness"])
        } }
        #expect(publish.status == 0, "\(publish.error ?? "")")
        #expect(server.requests.dropFirst().map { $0.header("Authorization") } == Array(repeating: "Bearer wpt_madeByLogin", count: 3))
    }

    @Test func aRefusedLoginSaysWhyAndWritesNothing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-token-\(UUID().uuidString)")
        let server = try ScriptedHTTPPeer([
            .init(401, text: #"{"error":{"code":"unauthorized","message":"The email or the password is wrong"}}"#)
        ])
        defer { server.stop() }
        let result = await OffThePool.run {
            CommandRunner.run(
                ["login", "--server", server.url.absoluteString, "--email", "ada@example.com", "--token-file", file.path, "--password-stdin"],
                input: ["wrong"])
        }
        #expect(result.status == 1)
        #expect(result.error == "Could not make a token: the server answered 401 (The email or the password is wrong); check the email and the password.")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let noPassword = await OffThePool.run {
            CommandRunner.run(["login", "--server", server.url.absoluteString, "--email", "ada@example.com", "--token-file", file.path], input: [])
        }
        #expect(noPassword.status == 1)
        #expect(noPassword.error?.contains("pass --password-stdin") == true, "\(noPassword.error ?? "")")
    }

    @Test func publishNeedsATokenAndAServer() async throws {
        let noToken = await OffThePool.run { Self.withToken(nil) {
            CommandRunner.run(["publish", Self.document, "--server", "http://127.0.0.1:9", "--app", "fitness"])
        } }
        #expect(noToken.status == 1)
        #expect(noToken.error?.hasPrefix("Set WAYPOINT_TOKEN to a personal API token with the publisher role (wpt_…, from the dashboard's Tokens page), run `waypoint login --server http://127.0.0.1:9 --email …`, or pass --token-file, to publish") == true)
        let unreachable = await OffThePool.run { Self.withToken("t0ken") {
            CommandRunner.run(["publish", Self.document, "--server", (try? RemoteServer.dead()) ?? "http://127.0.0.1:9", "--app", "fitness"])
        } }
        #expect(unreachable.status == 1)
        #expect(unreachable.error?.contains("Check --server and that the server is running.") == true)
        let badURL = await OffThePool.run { CommandRunner.run(["publish", Self.document, "--server", "waypoint.example.com", "--app", "fitness"]) }
        #expect(badURL.error?.contains("--server must be an http or https URL such as https://waypoint.example.com") == true)
    }

    @Test func playSendsTheRunsEventsAndReportsWhatTheServerDid() async throws {
        let peer = try ScriptedHTTPPeer([.init(200, text: #"{"accepted":4,"duplicates":1,"rejected":[{"index":0,"message":"unknown flow"}]}"#)])
        defer { peer.stop() }
        let result = await OffThePool.run { CommandRunner.run([
            "play", Self.document, "--flow", "signup", "--script", "login,next", "--attributes", #"{"id":"u-1"}"#,
            "--send-to", peer.url.absoluteString, "--key", "wps_k",
        ]) }
        let request = try #require(peer.requests.first)
        #expect(request.path == "/v1/events")
        #expect(request.header("Waypoint-Key") == "wps_k")
        struct Body: Decodable { let batch: [OnboardingEvent] }
        let batch = try JSONDecoder().decode(Body.self, from: request.body).batch
        #expect(batch.prefix(2).map(\.event) == [.experimentViewed, .flowStarted])
        #expect(batch.allSatisfy { $0.userID == "u-1" })
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("Sent \(batch.count) events to \(peer.url.absoluteString)/v1/events: 4 accepted, 1 duplicate, 1 rejected"))
        #expect(lines.contains("  rejected \(batch[0].messageID): unknown flow"))
    }

    /// A refused key: the CLI says what it did (kept nothing, sent nothing more), never the app
    /// queue's "the events stay queued, call resume()".
    @Test(arguments: [401, 403])
    func playReportsEventsItCouldNotSend(status: Int) async throws {
        let peer = try ScriptedHTTPPeer([.init(status, text: #"{"error":{"code":"unauthorized","message":"unknown key"}}"#)])
        defer { peer.stop() }
        let result = await OffThePool.run { CommandRunner.run([
            "play", Self.document, "--flow", "signup", "--script", "login,next", "--send-to", peer.url.absoluteString, "--key", "wps_bad",
        ]) }
        #expect(result.status == 1)
        #expect(peer.requests.count == 1)
        let error = try #require(result.error)
        #expect(error.hasPrefix("The 6 events of the run were not sent: \(peer.url.absoluteString)/v1/events refused the SDK key with \(status) (unknown key). "))
        #expect(error.hasSuffix("The CLI kept nothing and sent nothing more. Check --key: it must be the SDK key of the environment the events belong to, then play the run again to send them."))
        #expect(!error.contains("queued"))
        #expect(!error.contains("resume()"))
        let missingKey = await OffThePool.run { CommandRunner.run(["play", Self.document, "--flow", "signup", "--send-to", peer.url.absoluteString]) }
        #expect(missingKey.error?.contains("--send-to needs --key") == true)
    }

    @Test func playReportsAServerErrorWithoutPromisingARetry() async throws {
        let peer = try ScriptedHTTPPeer([.init(500, text: #"{"error":{"code":"internal","message":"disk on fire"}}"#)])
        defer { peer.stop() }
        let result = await OffThePool.run { CommandRunner.run([
            "play", Self.document, "--flow", "signup", "--script", "login,next", "--send-to", peer.url.absoluteString, "--key", "wps_k",
        ]) }
        #expect(result.status == 1)
        let error = try #require(result.error)
        #expect(error.contains("/v1/events answered 500 (disk on fire). The CLI kept nothing and sent nothing more. Check --send-to"))
        #expect(!error.contains("sent again"))
    }
}

enum RemoteServer {
    /// The URL of a loopback port where nothing listens.
    static func dead() throws -> String {
        let peer = try ScriptedHTTPPeer([])
        let url = peer.url.absoluteString
        peer.stop()
        return url
    }
}

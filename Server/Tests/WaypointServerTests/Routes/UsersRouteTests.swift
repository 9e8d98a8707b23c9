import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import WaypointServer

/// `DELETE /v1/apps/{app}/users/{userId}`: erasure of one user, and nothing computed from the
/// stored events counts them afterwards.
@Suite("Erasure route")
struct UsersRouteTests {
    /// The users whose events the exports of both environments hold, with how many each.
    static func exportedUsers(_ client: some TestClientProtocol) async throws -> [String: Int] {
        var users: [String: Int] = [:]
        for environment in ["production", "staging"] {
            let response = try await client.send("/v1/apps/fitness/events?format=jsonl&environment=\(environment)", headers: TestServer.admin)
            #expect(response.status == .ok)
            for line in response.text.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                users[object["userId"] as? String ?? "", default: 0] += 1
            }
        }
        return users
    }

    static func startedUsers(_ client: some TestClientProtocol) async throws -> Int? {
        let response = try await client.send("/v1/apps/fitness/funnel?flow=signup", headers: TestServer.admin)
        #expect(response.status == .ok)
        return try response.object()["started"] as? Int
    }

    static func erase(_ client: some TestClientProtocol, _ user: String, app: String = "fitness") async throws -> TestResponse {
        try await client.send("/v1/apps/\(app)/users/\(user)", .delete, headers: TestServer.admin)
    }

    @Test func erasureDeletesTheUserEverywhereAndNoReportCountsThemAfterwards() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            let users = DashboardPagesTests.inFlightUsers
            #expect(try await client.postEvents(key: app.production, lines: users).status == .ok)
            let erasedUser = "on-registration-1"
            let stagingLines = SeedData.inFlight(erasedUser, [("splash", "register"), ("registration", nil)])
            #expect(try await client.postEvents(key: app.staging, lines: stagingLines).status == .ok)
            #expect(try await client.upload("fitness", try SeedData.withoutRegistration()).status == .created)

            let before = try await Self.exportedUsers(client)
            let erasedCount = try #require(before[erasedUser])
            #expect(erasedCount == 8)
            #expect(try await Self.startedUsers(client) == 5)
            #expect(try await PublishRouteTests.preview(client, revision: 2).contains(#""movedBackUsers":2,"#))

            let erased = try await Self.erase(client, erasedUser)
            #expect(erased.status == .ok)
            #expect(erased.text == #"{"deletedEvents":8}"#)
            #expect(erased.headers[.contentType] == "application/json; charset=utf-8")

            var after = before
            after[erasedUser] = nil
            #expect(try await Self.exportedUsers(client) == after)
            #expect(try await Self.startedUsers(client) == 4)
            #expect(try await PublishRouteTests.preview(client, revision: 2).contains(#""movedBackUsers":1,"#))

            // Erasing again, or a user with no events: 0.
            #expect(try await Self.erase(client, erasedUser).text == #"{"deletedEvents":0}"#)
            #expect(try await Self.erase(client, "never-seen").text == #"{"deletedEvents":0}"#)

            // The erased events delivered again are duplicates: they are not stored again.
            let redelivered = try await client.postEvents(key: app.staging, lines: stagingLines)
            #expect(try redelivered.object()["duplicates"] as? Int == stagingLines.count)
            #expect(try await Self.exportedUsers(client) == after)
        }
    }

    /// The user id is the percent-decoded path segment; any id answers, never a server error.
    @Test func userIDsArePercentDecodedAndNeverFail() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let lines = [TestEvents.line("m1", user: "user one/ü"), TestEvents.line("m2", user: "user one/ü", at: 1), TestEvents.line("m3", user: "x")]
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
            #expect(try await Self.erase(client, "user%20one%2F%C3%BC").text == #"{"deletedEvents":2}"#)
            for odd in ["%00", "%E2%80%AE", String(repeating: "a", count: 3000), "'%20OR%201=1%20--", "%25", "..", "%2E%2E"] {
                let response = try await Self.erase(client, odd)
                #expect(response.text == #"{"deletedEvents":0}"#, "\(odd)")
            }
            let bad = try await Self.erase(client, "%FF")
            #expect(bad.status == .badRequest)
            #expect(try bad.errorCode() == "bad-user-id")
            #expect(try bad.object()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }
                == "The user id in the path is not percent-encoded UTF-8; encode it as a URL path segment, such as user%201 for \"user 1\".")
            #expect(try await Self.exportedUsers(client) == ["x": 1])
        }
    }

    /// "café" sent as NFC and as NFD is two users (and two message ids) over HTTP too: the funnel
    /// counts both, and erasing `caf%C3%A9` leaves exactly the NFD user's events, which the funnel counts.
    @Test(arguments: StoreKind.available)
    func usersThatDifferOnlyInNormalisationAreErasedOneAtATime(kind: StoreKind) async throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        try await kind.withStore { store in
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                let lines = [
                    TestEvents.line(composed, user: composed, event: "Flow Started", at: 1),
                    TestEvents.line(decomposed, user: decomposed, event: "Flow Started", at: 2),
                    TestEvents.line("m3", user: composed, event: "Step Viewed", at: 3),
                    TestEvents.line("m4", user: decomposed, event: "Step Viewed", at: 4),
                    TestEvents.line("m5", user: composed, event: "Flow Completed", at: 5),
                ]
                let answer = try await client.postEvents(key: app.production, lines: lines)
                #expect(answer.text == #"{"accepted":5,"duplicates":0,"rejected":[]}"#)
                #expect(try await Self.exported(client) == [composed, decomposed, composed, decomposed, composed].map { Array($0.utf8) })
                #expect(try await Self.funnel(client) == [2, 1])

                #expect(try await Self.erase(client, "caf%C3%A9").text == #"{"deletedEvents":3}"#)
                #expect(try await Self.exported(client) == [Array(decomposed.utf8), Array(decomposed.utf8)])
                #expect(try await Self.funnel(client) == [1, 0])
                #expect(try await Self.erase(client, "caf%C3%A9").text == #"{"deletedEvents":0}"#)
                #expect(try await Self.erase(client, "cafe%CC%81").text == #"{"deletedEvents":2}"#)
                #expect(try await Self.exported(client).isEmpty)
            }
        }
    }

    /// The bytes of the user id of each exported event (production), in export order.
    static func exported(_ client: some TestClientProtocol) async throws -> [[UInt8]] {
        let response = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
        #expect(response.status == .ok)
        return try response.text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Array((object["userId"] as? String ?? "").utf8)
        }
    }

    /// The flow report of `signup`: started and completed.
    static func funnel(_ client: some TestClientProtocol) async throws -> [Int?] {
        let response = try await client.send("/v1/apps/fitness/funnel?flow=signup", headers: TestServer.admin)
        #expect(response.status == .ok, "\(response.text)")
        let object = try response.object()
        return [object["started"] as? Int, object["completed"] as? Int]
    }

    @Test func anUnknownAppIs404AndTheAdminTokenIsRequired() async throws {
        try await TestServer.run { client in
            let missing = try await Self.erase(client, "alice", app: "missing")
            #expect(missing.status == .notFound)
            #expect(missing.text == #"{"error":{"code":"not-found","message":"There is no app \"missing\"; create it with POST /v1/apps, or list them with GET /v1/apps."}}"#)
            _ = try await client.createApp("fitness")
            let anonymous = try await client.send("/v1/apps/fitness/users/alice", .delete)
            #expect(anonymous.status == .unauthorized)
        }
    }
}

extension UsersRouteTests {
    /// The log says how many events were erased and for which app, never whose.
    @Test func theLogNeverNamesTheErasedUser() async throws {
        try await TemporaryFiles.with { directory in
            let log = RetentionServiceTests.RecordedLog()
            let store = try SQLiteStore(directory: directory)
            var configuration = try TestServer.configuration()
            configuration.logLevel = .info
            let application = buildApplication(configuration, repositories: Repositories(store), logger: log.logger)
            try await application.test(.router) { client in
                let app = try await client.createApp("fitness")
                #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m1", user: "secret-user-77")]).status == .ok)
                #expect(try await Self.erase(client, "secret-user-77").text == #"{"deletedEvents":1}"#)
            }
            let lines = log.lines.withLock { $0 }
            #expect(lines.contains { $0.hasPrefix("info: DELETE /v1/apps/{app}/users/{userId} 200 ") }, "\(lines)")
            #expect(lines.contains("info: erasure: deleted 1 event of one user of the app fitness"), "\(lines)")
            #expect(!lines.contains { $0.contains("secret-user-77") }, "\(lines)")
        }
    }
}

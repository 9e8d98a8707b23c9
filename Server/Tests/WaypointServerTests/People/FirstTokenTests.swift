import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// A script's first personal token without a browser: `POST /v1/tokens` with the account's email and
/// password (HTTP Basic), under the sign-in limits; and `GET /v1/me`, which says who a request acts as.
@Suite("First tokens and who is asking")
struct FirstTokenTests {
    static func basic(_ email: String, _ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(email):\(password)".utf8).base64EncodedString()]
    }

    static let tokenBody = #"{"name":"CI","role":"publisher","expiresInDays":30}"#

    @Test func anAccountMakesATokenWithItsEmailAndPassword() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", name: "Ada", role: .publisher)
            let made = try await client.send("/v1/tokens", .post, headers: Self.basic("ada@example.com", PeopleFixture.password), json: Self.tokenBody)
            #expect(made.status == .created, "\(made.text)")
            let token = try #require(try made.object()["token"] as? String)
            #expect(token.hasPrefix("wpt_"))

            let me = try await client.send("/v1/me", .get, headers: PeopleFixture.bearer(token))
            #expect(me.status == .ok)
            let object = try me.object()
            #expect(object["role"] as? String == "publisher")
            #expect(object["credential"] as? String == "api-token")
            #expect(object["name"] as? String == "Ada")
            #expect((object["tokenPrefix"] as? String).map { token.hasPrefix($0) } == true)

            let admin = try await client.send("/v1/me", .get, headers: TestServer.admin).object()
            #expect(admin["role"] as? String == "owner" && admin["credential"] as? String == "admin-token")
            #expect(admin["accountId"] is NSNull)

            // The token was made by the account itself, and the audit log says so.
            let log = try await client.auditLog().entries
            let entry = try #require(log.first { $0["action"] as? String == "token-created" })
            #expect((entry["actor"] as? [String: Any])?["name"] as? String == "Ada", "\(entry)")
        }
    }

    @Test func basicWorksOnlyForMakingATokenAndAWrongPasswordIsRefused() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            let wrong = try await client.send("/v1/tokens", .post, headers: Self.basic("ada@example.com", "not it"), json: Self.tokenBody)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("email or the password is wrong"), "\(wrong.text)")
            let elsewhere = try await client.send("/v1/apps", .get, headers: Self.basic("ada@example.com", PeopleFixture.password))
            #expect(elsewhere.status == .unauthorized, "Basic is for POST /v1/tokens only")
            #expect(elsewhere.text.contains("Bearer"), "\(elsewhere.text)")
        }
    }

    @Test func guessingPasswordsThroughTheAPIMeetsTheSignInLimits() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            var statuses: [Int] = []
            for attempt in 0..<6 {
                let response = try await client.send(
                    "/v1/tokens", .post, headers: Self.basic("ada@example.com", "guess \(attempt)"), json: Self.tokenBody)
                statuses.append(response.status.code)
                if response.status == .tooManyRequests {
                    #expect(response.headers[.retryAfter].flatMap { Int($0) }.map { $0 > 0 } == true)
                    #expect(response.text.contains(#""code":"rate-limited""#) && response.text.contains("failed sign-ins"), "\(response.text)")
                }
            }
            #expect(statuses == [401, 401, 401, 401, 401, 429], "five failures, then refused before checking")
            // The right password is refused too while the account is locked: the limit is shared with the dashboard.
            let right = try await client.send("/v1/tokens", .post, headers: Self.basic("ada@example.com", PeopleFixture.password), json: Self.tokenBody)
            #expect(right.status == .tooManyRequests)
            var browser = DashboardBrowser(client)
            let page = try await browser.signIn(email: "ada@example.com", password: PeopleFixture.password)
            #expect(page.status == .tooManyRequests, "the dashboard's sign-in shares the limits")
        }
    }

    /// The worst an anonymous client can send here: a huge email. It costs one password check at
    /// most (under the limits) and 64 bytes in the account limiter, whatever its length.
    @Test func aHugeEmailCostsOneCheckAndAFixedSizeName() async throws {
        #expect(SignInLimits.accountName(String(repeating: "a", count: 100_000) + "@example.com").utf8.count == 64)
        #expect(SignInLimits.accountName("Ada@Example.com") == SignInLimits.accountName("ada@example.com"))
        try await TestServer.run { client in
            let huge = String(repeating: "x", count: 8_000) + "@example.com"
            let answer = try await client.send("/v1/tokens", .post, headers: Self.basic(huge, "guess"), json: Self.tokenBody)
            #expect(answer.status == .unauthorized, "\(answer.text.prefix(200))")
        }
    }

    @Test func the401TellsHowToGetATokenWithoutOne() async throws {
        try await TestServer.run { client in
            let response = try await client.send("/v1/apps", .get)
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("waypoint login") && response.text.contains("HTTP Basic"), "\(response.text)")
        }
    }
}

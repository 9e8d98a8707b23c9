import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Wrong admin tokens are throttled per client address, and a sign-in form expires when it says.
@Suite("Sign-in limits")
struct SignInLimitsTests {
    private static let wrongToken = "wrong-token-wrong-token-wrong-token-x"

    /// Over a socket, behind a trusted proxy on the loopback, so each test client has its own
    /// `X-Forwarded-For` address. The limits' clock stands still, so a slow machine never refills them.
    private static func run(_ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        let clock = SignInLimitTests.TestClock()
        try await TestServer.run(signInClock: { clock.now() }, .live, configure: { configuration in
            configuration.trustedProxies = [try TrustedProxy("127.0.0.1"), try TrustedProxy("::1")]
        }, body)
    }

    private static func browser(_ client: any TestClientProtocol, from address: String) -> DashboardBrowser {
        var browser = DashboardBrowser(client)
        browser.extraHeaders[HTTPField.Name("X-Forwarded-For")!] = address
        return browser
    }

    @Test func fiveWrongTokensFromOneAddressAreFollowedBy429UntilItsTime() async throws {
        try await Self.run { client in
            var attacker = Self.browser(client, from: "203.0.113.66")
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<5 { statuses.append(try await attacker.signIn(token: Self.wrongToken).status) }
            #expect(statuses == Array(repeating: .unauthorized, count: 5))
            let refused = try await attacker.signIn(token: Self.wrongToken)
            #expect(refused.status == .tooManyRequests)
            let retryAfter = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...12).contains(retryAfter), "Retry-After: \(retryAfter)")
            #expect(refused.text.contains("Too many wrong admin tokens from your address: try again in \(retryAfter) second"), "\(refused.text)")
            #expect(refused.text.contains(" UTC)."))
            // Even the right token waits: the throttle comes before the token is looked at.
            let right = try await attacker.signIn()
            #expect(right.status == .tooManyRequests)
            #expect(!DashboardBrowser.setCookies(right).contains { $0.hasPrefix("waypoint_session=") })
            // Another address signs in at once.
            var colleague = Self.browser(client, from: "198.51.100.5")
            let signedIn = try await colleague.signIn()
            #expect(signedIn.status == .seeOther)
            #expect(DashboardBrowser.setCookies(signedIn).contains { $0.hasPrefix("waypoint_session=") })
        }
    }

    @Test func successesAreNotCounted() async throws {
        try await Self.run { client in
            var admin = Self.browser(client, from: "198.51.100.6")
            for _ in 0..<8 {
                let answer = try await admin.signIn()
                #expect(answer.status == .seeOther)
                let csrf = try #require(DashboardBrowser.csrf(in: try await admin.get("/apps").text))
                _ = try await admin.post("/logout", form: [("csrf", csrf)])
            }
        }
    }

    @Test func aSignInFormIsUsableForExactlyItsStatedHour() throws {
        let sessions = DashboardSessions(adminToken: try AdminToken(TestServer.adminToken))
        let issued = Date(timeIntervalSince1970: 1_800_000_000)
        let form = sessions.newSignIn(now: issued)
        #expect(form.cookie.maxAge == 3600)
        let cookie = form.cookie.value
        #expect(sessions.isValidSignIn(form.token, cookie: cookie, now: issued))
        #expect(sessions.isValidSignIn(form.token, cookie: cookie, now: issued.addingTimeInterval(3599)))
        #expect(!sessions.isValidSignIn(form.token, cookie: cookie, now: issued.addingTimeInterval(3600)))
        #expect(!sessions.isValidSignIn(form.token, cookie: cookie, now: issued.addingTimeInterval(86_400 * 365)))
        // A cookie whose expiry is pushed back no longer matches its token.
        let parts = cookie.split(separator: ".")
        let extended = "\(Int(parts[0])! + 86_400).\(parts[1])"
        #expect(!sessions.isValidSignIn(form.token, cookie: extended, now: issued.addingTimeInterval(3600)))
        #expect(!sessions.isValidSignIn(form.token, cookie: extended, now: issued))
    }
}

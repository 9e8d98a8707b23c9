import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Accounts and personal tokens for the tests of people: made through the API and the dashboard,
/// as an operator would.
enum PeopleFixture {
    /// Every test account's password (long, and not a common one).
    static let password = "correct horse battery staple 42"

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    /// Creates an account with the admin token (or `as` another credential); returns its id.
    @discardableResult
    static func createAccount(
        _ client: any TestClientProtocol, email: String, name: String? = nil, role: Role, headers: HTTPFields = TestServer.admin
    ) async throws -> String {
        let body = #"{"email":"\#(email)","name":"\#(name ?? email)","role":"\#(role.rawValue)","password":"\#(password)"}"#
        let response = try await client.send("/v1/people", .post, headers: headers, json: body)
        try #require(response.status == .created, "creating \(email): \(response.text)")
        return try #require(try response.object()["id"] as? String)
    }

    /// Signs in as `email` and makes a personal token with `role` on the Tokens page; returns the
    /// token and the page that showed it.
    static func token(
        _ client: any TestClientProtocol, email: String, role: Role, days: Int = 30, name: String = "script"
    ) async throws -> (token: String, page: String) {
        var browser = DashboardBrowser(client)
        let signedIn = try await browser.signIn(email: email, password: password, next: "/tokens")
        try #require(signedIn.status == .seeOther, "signing in as \(email): \(signedIn.text)")
        let page = try await browser.submit(
            "/tokens", on: "/tokens", form: [("name", name), ("role", role.rawValue), ("expiresInDays", String(days))])
        try #require(page.status == .created, "making a token: \(page.text)")
        let token = try #require(newToken(in: page.text), "no token on the page")
        return (token, page.text)
    }

    /// The token a Tokens page shows once.
    static func newToken(in html: String) -> String? {
        guard let start = html.range(of: #"<code id="new-token">"#) else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "<").map { String(rest[..<$0]) }
    }
}

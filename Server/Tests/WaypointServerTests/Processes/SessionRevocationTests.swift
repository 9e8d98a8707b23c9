import Foundation
import NIOHTTP1
import Testing

/// Sessions are rows in the shared store: ended through one server process, refused by the other at once.
@Suite("Sessions across two servers", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct SessionRevocationTests {
    static let password = "correct horse battery staple 42"

    /// Whether the session `cookie` opens the apps page of the server on `port` (else the sign-in page shows).
    static func isSignedIn(port: Int, cookie: String) async throws -> Bool {
        let page = try await HTTP.send(port: port, "/apps", headers: [("Cookie", cookie)])
        return page.text.contains("<h1>Apps</h1>")
    }

    @Test func signingOutOrRemovingAnAccountOnOneServerEndsTheSessionOnTheOther() async throws {
        let url = try PostgresServer.createDatabase()
        async let startFirst = ServerProcess(["--database", url])
        async let startSecond = ServerProcess(["--database", url])
        let (first, second) = try await (startFirst, startSecond)

        let body = #"{"email":"ada@example.com","name":"Ada","role":"owner","password":"\#(Self.password)"}"#
        let created = try await HTTP.send(port: second.port, "/v1/people", method: .POST, headers: HTTP.admin, body: Data(body.utf8))
        #expect(created.status == 201, "\(created.text)")
        let grace = #"{"email":"grace@example.com","name":"Grace","role":"viewer","password":"\#(Self.password)"}"#
        let graceCreated = try await HTTP.send(port: second.port, "/v1/people", method: .POST, headers: HTTP.admin, body: Data(grace.utf8))
        let graceID = try #require(try graceCreated.object()["id"] as? String)

        // Signed in on the first; the second accepts the same session.
        let cookie = try await ReportAmplificationTests.signIn(port: first.port, credentials: [("email", "ada@example.com"), ("password", Self.password)])
        #expect(try await Self.isSignedIn(port: first.port, cookie: cookie))
        let onSecond = try await HTTP.send(port: second.port, "/apps", headers: [("Cookie", cookie)])
        let csrf = try #require(DashboardBrowser.csrf(in: onSecond.text), "\(onSecond.text.prefix(300))")
        // Signing out on the second ends it on the first, at its next request.
        let signOut = try await HTTP.send(
            port: second.port, "/logout", method: .POST, headers: [("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")],
            body: Data("csrf=\(DashboardBrowser.encode(csrf))".utf8))
        #expect(signOut.text.contains("<h1>Sign in</h1>"))
        #expect(try await !Self.isSignedIn(port: first.port, cookie: cookie))

        // Removing an account through the second ends its session on the first.
        let graceCookie = try await ReportAmplificationTests.signIn(
            port: first.port, credentials: [("email", "grace@example.com"), ("password", Self.password)])
        #expect(try await Self.isSignedIn(port: first.port, cookie: graceCookie))
        let removed = try await HTTP.send(port: second.port, "/v1/people/\(graceID)", method: .DELETE, headers: HTTP.admin)
        #expect(removed.status == 204)
        #expect(try await !Self.isSignedIn(port: first.port, cookie: graceCookie))
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
    }
}

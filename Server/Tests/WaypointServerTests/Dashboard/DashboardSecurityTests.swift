import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Signing in, sessions, CSRF and headers of the dashboard.
@Suite("Dashboard security")
struct DashboardSecurityTests {
    /// Every page of the dashboard, with the method it answers.
    static let pages: [(HTTPRequest.Method, String)] = [
        (.get, "/apps"), (.post, "/apps"), (.get, "/apps/fitness"), (.post, "/apps/fitness/revisions"),
        (.get, "/apps/fitness/revisions/1"), (.post, "/apps/fitness/environments/production/publish"),
        (.get, "/apps/fitness/flows/signup"), (.get, "/apps/fitness/walkthroughs/tour"), (.post, "/logout"),
        (.get, "/apps/fitness/revisions/1/experiments/new"), (.post, "/apps/fitness/revisions/1/experiments/new"),
        (.post, "/apps/fitness/revisions/1/experiments/paywall-copy"),
        (.post, "/apps/fitness/environments/production/experiments/paywall-copy/ship"),
    ]

    @Test func noPageWithoutSigningIn() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            for (method, path) in Self.pages {
                let response = try await client.send(path, method, headers: [.contentType: "application/x-www-form-urlencoded"], body: Data("csrf=x".utf8))
                #expect(response.status == .seeOther, "\(method) \(path)")
                let location = response.headers[.location] ?? ""
                #expect(location.hasPrefix("/login?next="), "\(method) \(path) → \(location)")
            }
            // A forged or expired session cookie is no session.
            let forged = try await client.send("/apps", headers: [.cookie: "waypoint_session=v1.9999999999.abc.def"])
            #expect(forged.status == .seeOther)
            let root = try await client.send("/")
            #expect(root.headers[.location] == "/login")
        }
    }

    @Test func signingInSetsASecureHttpOnlyStrictSessionAndReturnsToThePageAsked() async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            let signInPage = try await browser.get("/login?next=%2Fapps%2Ffitness")
            #expect(signInPage.status == .ok)
            #expect(signInPage.text.contains("<label for=\"token\">Admin token</label>"))
            let answer = try await browser.signIn(next: "/apps/fitness")
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/apps/fitness")
            let session = try #require(DashboardBrowser.setCookies(answer).first { $0.hasPrefix("waypoint_session=") })
            for attribute in ["Secure", "HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=28800"] {
                #expect(session.contains(attribute), "\(attribute) missing in \(session)")
            }
            let apps = try await browser.get("/apps")
            #expect(apps.status == .ok)
            #expect(apps.text.contains("<h1>Apps</h1>"))
        }
    }

    @Test(arguments: [
        ("wrong-token-wrong-token-wrong-token-x", true, HTTPResponse.Status.unauthorized, "That is not this server&#39;s admin token"),
        (TestServer.adminToken, false, HTTPResponse.Status.forbidden, "This sign-in form expired or came from another site"),
    ])
    func aWrongTokenOrAFormFromElsewhereDoesNotSignIn(token: String, withFormToken: Bool, status: HTTPResponse.Status, message: String) async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            let page = try await browser.get("/login")
            let csrf = withFormToken ? (DashboardBrowser.csrf(in: page.text) ?? "") : "forged"
            let answer = try await browser.post("/login", form: [("token", token), ("csrf", csrf), ("next", "/apps")])
            #expect(answer.status == status)
            #expect(answer.text.contains(message))
            #expect(!DashboardBrowser.setCookies(answer).contains { $0.hasPrefix("waypoint_session=") })
        }
    }

    @Test func signingInWithATabbedNextStaysOnTheSite() async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            let page = try await browser.get("/login?next=/%09/evil.example/pwned")
            #expect(page.status == .ok)
            #expect(!page.text.contains("evil.example"))
            let answer = try await browser.signIn(next: "/\t/evil.example/pwned")
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/apps")
        }
    }

    @Test func nextNeverLeavesTheSite() {
        #expect(FormText.safeNext("//evil.example/x") == "/apps")
        #expect(FormText.safeNext("https://evil.example") == "/apps")
        #expect(FormText.safeNext("/\\evil.example") == "/apps")
        #expect(FormText.safeNext("/apps/fitness?environment=staging") == "/apps/fitness?environment=staging")
        #expect(FormText.safeNext(nil) == "/apps")
        // Browsers drop tabs and line breaks and read a backslash as a slash: each of these is `//evil.example`.
        for sneaky in ["/\t/evil.example/pwned", "/\n/evil.example", "/\r/evil.example", "\t//evil.example", "/\\evil.example", "\\/evil.example"] {
            #expect(FormText.safeNext(sneaky) == "/apps", "\(sneaky.debugDescription)")
        }
        #expect(FormText.safeNext("/apps\u{0}") == "/apps")
        #expect(FormText.safeNext("/apps/fitness/flows/sign%09up") == "/apps/fitness/flows/sign%09up")
    }

    @Test func aFormWithoutTheSessionsCSRFTokenChangesNothing() async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let refused = try await browser.post("/apps", form: [("csrf", "not-the-token"), ("id", "chess"), ("name", "Chess")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("This form expired or was not sent from this dashboard, so nothing was changed."))
            #expect(try await client.send("/v1/apps/chess/revisions", headers: TestServer.admin).status == .notFound)
            // The same form with the page's token creates the app and shows its keys once.
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            let created = try await browser.post("/apps", form: [("csrf", csrf), ("id", "chess"), ("name", "Chess")])
            #expect(created.status == .created)
            #expect(created.text.contains("wps_"))
            #expect(try await client.send("/v1/apps/chess/revisions", headers: TestServer.admin).status == .ok)
        }
    }

    @Test func signingOutEndsTheSessionInTheBrowser() async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            let out = try await browser.post("/logout", form: [("csrf", csrf)])
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/login")
            #expect(DashboardBrowser.setCookies(out).contains { $0.hasPrefix("waypoint_session=;") && $0.contains("Max-Age=0") })
            #expect(try await browser.get("/apps").status == .seeOther)
        }
    }

    @Test func pagesAllowNoScriptAndNoFraming() async throws {
        try await TestServer.run { client in
            var browser = DashboardBrowser(client)
            let signIn = try await browser.get("/login")
            try await browser.signIn()
            let apps = try await browser.get("/apps")
            for (path, page) in [("/login", signIn), ("/apps", apps)] {
                let policy = page.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'none'"), "\(path): \(policy)")
                #expect(!policy.contains("script-src"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(page.headers[.cacheControl] == "no-store")
                #expect(!page.text.contains("<script"))
            }
        }
    }
}

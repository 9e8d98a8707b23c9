import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// The dashboard's apps page figures and the app page's keys: listed by prefix, rotated and revoked
/// through CSRF-protected forms.
@Suite("Dashboard keys and event figures")
struct DashboardKeysTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func theAppsPageShowsEachEnvironmentsLastEventAndItsEventsOfTheLast24Hours() async throws {
        let clock = LockedBox(Self.start)
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await client.createApp("fitness", name: "Fitness")
            #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m1"), TestEvents.line("m2")]).status == .ok)
            clock.set(Self.start.addingTimeInterval(90))
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let html = try await browser.get("/apps").text
            #expect(html.contains(
                #"<tr><td><a href="/apps/fitness">fitness</a></td><td>Fitness</td><td>production</td><td>–</td><td>\#(Timestamp.iso8601(Self.start))</td>"#
                    + #"<td class="number" data-figure="events-24h-production">2</td><td class="number">0</td></tr>"#), "\(html)")
            #expect(html.contains(
                #"<td>staging</td><td>–</td><td>none yet</td><td class="number" data-figure="events-24h-staging">0</td>"#))
            clock.set(Self.start.addingTimeInterval(86_401))
            #expect(try await browser.get("/apps").text.contains(#"data-figure="events-24h-production">0</td>"#))
        }
    }

    @Test func theAppPageRotatesAndRevokesKeysWithItsForms() async throws {
        let clock = LockedBox(Self.start)
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await client.createApp("fitness", name: "Fitness")
            let oldPrefix = String(app.production.prefix(12))
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness").text
            #expect(page.contains("<td><code>\(oldPrefix)…</code></td><td>\(Timestamp.iso8601(Self.start))</td><td>–</td><td>current</td>"), "\(page)")
            #expect(!page.contains("/revoke"))
            let csrf = try #require(DashboardBrowser.csrf(in: page))

            // A form without the session's token changes nothing.
            let forged = try await browser.post("/apps/fitness/environments/production/keys", form: [("csrf", "forged"), ("graceHours", "1")])
            #expect(forged.status == .forbidden)
            let refused = try await browser.post("/apps/fitness/environments/production/keys", form: [("csrf", csrf), ("graceHours", "800")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("to 720 (30 days), not 800."))
            #expect(try await client.document(key: app.production).status == .notFound)

            let rotated = try await browser.post("/apps/fitness/environments/production/keys", form: [("csrf", csrf), ("graceHours", "1")])
            #expect(rotated.status == .created)
            let key = try #require(rotated.text.firstMatch(of: /<code>(wps_[0-9A-Za-z]{43})<\/code>/).map { String($0.1) })
            #expect(rotated.text.contains("<td><code>\(oldPrefix)…</code></td><td>\(Timestamp.iso8601(Self.start.addingTimeInterval(3600)))</td>"))
            // Both keys work (nothing is published: 404, not 401).
            #expect(try await client.document(key: key).status == .notFound)
            #expect(try await client.document(key: app.production).status == .notFound)

            let listed = try await browser.get("/apps/fitness").text
            #expect(listed.contains("<td>retiring</td>"))
            let revoked = try await browser.post("/apps/fitness/environments/production/keys/\(oldPrefix)/revoke", form: [("csrf", csrf)])
            #expect(revoked.status == .seeOther)
            #expect(revoked.headers[.location] == "/apps/fitness?revokedFrom=production&revoked=\(oldPrefix)#keys")
            #expect(try await client.document(key: app.production).status == .unauthorized)
            #expect(try await client.document(key: key).status == .notFound)
            let after = try await browser.get("/apps/fitness?revokedFrom=production&revoked=\(oldPrefix)").text
            #expect(after.contains("The production key \(oldPrefix)… is revoked"))
            #expect(after.contains("<td>ended</td>"))

            // The current key is not revoked: the page says to rotate first.
            let current = try await browser.post("/apps/fitness/environments/production/keys/\(key.prefix(12))/revoke", form: [("csrf", csrf)])
            #expect(current.status == .conflict)
            #expect(current.text.contains("is the current key of &quot;production&quot; and was not revoked"), "\(current.text)")
            #expect(try await client.document(key: key).status == .notFound)
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// The audit log through the dashboard: its forms record the same entries as the API, and the
/// `/audit` page lists and filters them.
@Suite("Audit log through the dashboard")
struct DashboardAuditTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func everyFormOfTheDashboardIsRecordedLikeTheAPI() async throws {
        let clock = LockedBox(Self.start)
        @Sendable func tick() { clock.set(clock.get().addingTimeInterval(60)) }
        try await TestServer.run(now: { clock.get() }, .live) { client in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            let created = try await browser.post("/apps", form: [("csrf", csrf), ("id", "fitness"), ("name", "Fitness")])
            #expect(created.status == .created)
            let productionKey = try #require(created.text.firstMatch(of: /<td>production<\/td><td><code>(wps_[0-9A-Za-z]+)<\/code>/).map { String($0.1) })
            let production = String(productionKey.prefix(12))
            tick()
            let one = String(decoding: try TestServer.example("waypoint.json"), as: UTF8.self)
            #expect(try await browser.post("/apps/fitness/revisions", form: [("csrf", csrf), ("document", one)]).status == .seeOther)
            tick()
            let publish = "/apps/fitness/environments/production/publish"
            #expect(try await browser.post(publish, form: [("csrf", csrf), ("revision", "1")]).status == .seeOther)
            // Users in flight on `registration`, which revision 2 removes: the publish needs the box ticked.
            #expect(try await client.postEvents(key: productionKey, lines: DashboardPagesTests.inFlightUsers).status == .ok)
            tick()
            let two = String(decoding: try SeedData.withoutRegistration(), as: UTF8.self)
            #expect(try await browser.post("/apps/fitness/revisions", form: [("csrf", csrf), ("document", two)]).status == .seeOther)
            #expect(try await browser.post(publish, form: [("csrf", csrf), ("revision", "2")]).status == .conflict)
            let preview = try await PublishRouteTests.preview(client, revision: 2)
            tick()
            #expect(try await browser.post(publish, form: [("csrf", csrf), ("revision", "2"), ("confirm", "yes")]).status == .seeOther)
            tick()
            let rotated = try await browser.post("/apps/fitness/environments/production/keys", form: [("csrf", csrf), ("graceHours", "1")])
            #expect(rotated.status == .created)
            tick()
            let revoked = try await browser.post("/apps/fitness/environments/production/keys/\(production)/revoke", form: [("csrf", csrf)])
            #expect(revoked.status == .seeOther)

            let log = try await client.auditLog()
            #expect(log.entries.map { $0["action"] as? String } == [
                "key-revoked", "key-rotated", "revision-published", "revision-uploaded", "revision-published", "revision-uploaded", "app-created",
            ])
            let minutes = [6, 5, 4, 3, 2, 1, 0]
            for (entry, minute) in zip(log.entries, minutes) {
                #expect(entry["actor"] as? [String: String] == ["kind": "admin-token", "id": "admin", "name": "Admin token"])
                #expect(entry["address"] as? String == "127.0.0.1")
                #expect(entry["app"] as? String == "fitness")
                #expect(entry["at"] as? String == Timestamp.iso8601(Self.start.addingTimeInterval(Double(minute) * 60)), "\(entry)")
            }
            let confirmed = try #require(log.entries[2]["details"] as? [String: Any])
            #expect(confirmed["confirmationNeeded"] as? Bool == true)
            #expect(confirmed["confirmed"] as? Bool == true)
            #expect(confirmed["previousRevision"] as? Int == 1)
            let recorded = try JSONSerialization.data(withJSONObject: try #require(confirmed["preview"]), options: [.sortedKeys])
            let expected = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(preview.utf8)), options: [.sortedKeys])
            #expect(recorded == expected)
            #expect(log.entries[1]["details"].flatMap { ($0 as? [String: Any])?["graceHours"] as? Int } == 1)
            #expect(log.entries[0]["target"] as? String == production)
        }
    }

    @Test func theAuditPageListsFiltersAndPagesTheEntries() async throws {
        let clock = LockedBox(Self.start)
        try await TestServer.run(now: { clock.get() }) { client in
            for (index, id) in ["a1", "b2", "c3"].enumerated() {
                clock.set(Self.start.addingTimeInterval(Double(index) * 86_400))
                _ = try await client.createApp(id)
            }
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let apps = try await browser.get("/apps").text
            #expect(apps.contains(#"<a href="/audit">Audit log</a>"#))

            let page = try await browser.get("/audit")
            #expect(page.status == .ok)
            let rows = page.text.matches(of: /<tr data-entry="(\d+)">/).map { String($0.1) }
            #expect(rows == ["3", "2", "1"])
            #expect(page.text.contains(
                #"<td>\#(Timestamp.iso8601(Self.start))</td><td><span data-actor="admin">Admin token (admin-token)</span></td><td>unknown</td>"#
                    + "<td>app-created</td><td>a1</td><td>–</td><td>a1</td>"), "\(page.text)")
            #expect(page.text.contains("<option value=\"app-created\">app-created</option>"))

            let filtered = try await browser.get("/audit?app=b2&action=app-created&actor=admin&since=&until=").text
            #expect(filtered.matches(of: /<tr data-entry="(\d+)">/).map { String($0.1) } == ["2"])
            #expect(filtered.contains(#"<option value="app-created" selected>app-created</option>"#))
            #expect(filtered.contains(#"<input id="audit-app" name="app" maxlength="64" value="b2">"#))

            let day = SeedData.day(Self.start.addingTimeInterval(86_400))
            let since = try await browser.get("/audit?since=\(day)").text
            #expect(since.matches(of: /<tr data-entry="(\d+)">/).map { String($0.1) } == ["3", "2"])

            let first = try await browser.get("/audit?action=app-created&limit=2").text
            #expect(first.matches(of: /<tr data-entry="(\d+)">/).map { String($0.1) } == ["3", "2"])
            let older = try #require(first.firstMatch(of: /<a href="([^"]+)" rel="next">Older entries<\/a>/).map { String($0.1) })
            #expect(older == "/audit?action=app-created&amp;limit=2&amp;after=2")
            let second = try await browser.get(older.replacingOccurrences(of: "&amp;", with: "&")).text
            #expect(second.matches(of: /<tr data-entry="(\d+)">/).map { String($0.1) } == ["1"])
            #expect(!second.contains("Older entries"))

            let refused = try await browser.get("/audit?action=app-create")
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("action=app-create is not an action the audit log records. Did you mean app-created?"))
            #expect(refused.text.contains("No entries match these filters."))

            // Signed out: the sign-in page, coming back here after.
            let signedOut = try await client.send("/audit")
            #expect(signedOut.status == .seeOther)
            #expect(signedOut.headers[.location] == "/login?next=/audit")
        }
    }
}

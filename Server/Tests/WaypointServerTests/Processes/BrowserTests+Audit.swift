import Foundation
import NIOHTTP1
import Testing

/// The audit log page in Chromium: reached from the apps page, filtered with its form.
extension BrowserTests {
    @Test func theAuditPageFiltersTheLogInChromium() async throws {
        guard Chromium.executable != nil else {
            Issue.record("chromium is not installed, and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            let server = try await ServerProcess(["--data", data.path])
            let base = "http://127.0.0.1:\(server.port)"
            _ = try await HTTP.createApp(port: server.port, "fitness")
            _ = try await HTTP.createApp(port: server.port, "chess")
            let upload = try await HTTP.send(
                port: server.port, "/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: try TestServer.example("waypoint.json"))
            #expect(upload.status == 201)
            let publish = try await HTTP.send(
                port: server.port, "/v1/apps/fitness/environments/production/publish", method: .POST, headers: HTTP.admin,
                body: Data(#"{"revision":1}"#.utf8))
            #expect(publish.status == 200)

            struct Seen: Sendable {
                var linked: String?
                var everything = ""
                var query: String?
                var filtered = ""
                var rows = 0
            }
            let seen = try await Self.onThread { () throws -> Seen in
                var seen = Seen()
                let browser = try ChromiumSession()
                try browser.navigate(base + "/login?next=%2Fapps")
                try browser.fill("token", with: TestServer.adminToken)
                try browser.pressEnterAndWait()
                // From the apps page, by its link.
                try browser.evaluate("document.querySelector('a[href=\"/audit\"]').focus()")
                try browser.pressEnterAndWait()
                seen.linked = try browser.evaluate("location.pathname") as? String
                seen.everything = try browser.dom()
                try Self.keep(try browser.screenshot(), "audit-log")
                // The filter form: pick an action and an app, press Enter on its button.
                try browser.evaluate("document.getElementById('audit-action').value = 'revision-published'")
                try browser.evaluate("document.getElementById('audit-app').value = 'fitness'")
                try browser.evaluate("document.querySelector('form[action=\"/audit\"] button').focus()")
                try browser.pressEnterAndWait()
                seen.query = try browser.evaluate("location.search") as? String
                seen.filtered = try browser.dom()
                seen.rows = try browser.evaluate("document.querySelectorAll('tr[data-entry]').length") as? Int ?? -1
                return seen
            }
            #expect(seen.linked == "/audit")
            #expect(seen.everything.contains("<h1>Audit log</h1>"))
            #expect(seen.everything.matches(of: /<tr data-entry=/).count == 4, "\(seen.everything)")
            #expect(seen.everything.contains("<td>revision-uploaded</td><td>fitness</td><td>–</td><td>1</td>"))
            #expect(seen.query == "?app=fitness&action=revision-published&actor=&since=&until=")
            #expect(seen.rows == 1)
            #expect(seen.filtered.contains("<td>revision-published</td><td>fitness</td><td>production</td><td>1</td>"))
            #expect(seen.filtered.contains(#"<option value="revision-published" selected="">revision-published</option>"#))
            #expect(server.terminate() == 0)
        }
    }
}

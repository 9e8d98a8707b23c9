import Foundation
import NIOHTTP1
import Testing

/// The People and Tokens pages in headless Chromium, with the keyboard and the forms a person uses:
/// the admin token creates the first owner, who signs in and makes a personal token. Part of the
/// serialized browser suite, so that no two Chromium sessions run at once.
extension BrowserTests {
    struct PeopleSeen: Sendable {
        var bootstrapPeople = "", afterCreate: String?, people = "", afterSignIn: String?
        var created = "", token = "", tokensAgain = ""
        var editorApp = "", editorRevision = ""
    }

    static let peoplePassword = "correct horse battery staple 42"

    @Test func theFirstOwnerIsCreatedSignsInAndMakesAToken() async throws {
        guard Chromium.executable != nil else {
            Issue.record("chromium is not installed, and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            let server = try await ServerProcess(["--data", data.path])
            let base = "http://127.0.0.1:\(server.port)"
            try FileManager.default.createDirectory(at: BrowserTests.output, withIntermediateDirectories: true)
            let seen = try await BrowserTests.onThread { () throws -> PeopleSeen in
                var seen = PeopleSeen()
                let browser = try ChromiumSession()
                // No owner yet: the admin token signs in, and the People page offers to create one.
                try browser.navigate(base + "/login?next=%2Fpeople")
                try browser.fill("token", with: TestServer.adminToken)
                try browser.pressEnterAndWait()
                seen.bootstrapPeople = try browser.dom()
                try browser.evaluate("document.getElementById('new-email').value = 'owner@example.com'")
                try browser.evaluate("document.getElementById('new-name').value = 'Olive Owner'")
                try browser.evaluate("document.getElementById('new-role').value = 'owner'")
                try browser.fill("new-password", with: Self.peoplePassword)
                try browser.pressEnterAndWait()
                // The first owner exists: the admin token's session has ended.
                seen.afterCreate = try browser.evaluate("location.pathname") as? String
                try browser.fill("email", with: "owner@example.com")
                try browser.fill("password", with: Self.peoplePassword)
                try browser.pressEnterAndWait()
                seen.afterSignIn = try browser.evaluate("location.pathname") as? String
                seen.people = try browser.dom()
                try BrowserTests.keep(try browser.screenshot(), "people")

                try browser.navigate(base + "/tokens")
                try browser.evaluate("document.getElementById('token-role').value = 'publisher'")
                try browser.fill("token-name", with: "CI publish")
                try browser.pressEnterAndWait()
                seen.created = try browser.dom()
                seen.token = try browser.evaluate("document.getElementById('new-token').textContent") as? String ?? ""
                try BrowserTests.keep(try browser.screenshot(), "tokens")
                try browser.navigate(base + "/tokens")
                seen.tokensAgain = try browser.dom()
                return seen
            }
            // An editor, in a browser of their own, is offered only what an editor may do.
            _ = try await HTTP.createApp(port: server.port, "fitness")
            let upload = try await HTTP.send(
                port: server.port, "/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: try TestServer.example("waypoint.json"))
            #expect(upload.status == 201, "\(upload.text)")
            let editor = #"{"email":"ed@example.com","name":"Ed Editor","role":"editor","password":"\#(Self.peoplePassword)"}"#
            let added = try await HTTP.send(port: server.port, "/v1/people", method: .POST, headers: HTTP.admin, body: Data(editor.utf8))
            #expect(added.status == 201, "\(added.text)")
            let editorSeen = try await BrowserTests.onThread { () throws -> PeopleSeen in
                var seen = PeopleSeen()
                let browser = try ChromiumSession()
                try browser.navigate(base + "/login?next=%2Fapps%2Ffitness")
                try browser.fill("email", with: "ed@example.com")
                try browser.fill("password", with: Self.peoplePassword)
                try browser.pressEnterAndWait()
                seen.editorApp = try browser.dom()
                try browser.navigate(base + "/apps/fitness/revisions/1?environment=production")
                seen.editorRevision = try browser.dom()
                return seen
            }
            #expect(editorSeen.editorApp.contains("Check and store"), "an editor uploads: \(editorSeen.editorApp.prefix(600))")
            #expect(!editorSeen.editorApp.contains("Rotate the production key") && !editorSeen.editorApp.contains(#"href="/people""#))
            #expect(editorSeen.editorRevision.contains("Publishing needs the publisher role"))
            #expect(!editorSeen.editorRevision.contains(#"/environments/production/publish""#))
            #expect(seen.bootstrapPeople.contains("no owner account exists yet"), "\(seen.bootstrapPeople.prefix(600))")
            #expect(seen.afterCreate == "/login")
            #expect(seen.afterSignIn == "/people")
            #expect(seen.people.contains(#"<tr data-account="owner@example.com"><td>Olive Owner (you)</td>"#), "\(seen.people)")
            #expect(seen.created.contains("shown this once"))
            #expect(seen.token.hasPrefix("wpt_") && seen.token.count == 47, "\(seen.token)")
            // Listed by its prefix from then on, never shown again.
            #expect(seen.tokensAgain.contains(String(seen.token.prefix(12))) && !seen.tokensAgain.contains(seen.token))
            #expect(seen.tokensAgain.contains("<td>publisher</td>"))
            // The token works on the API with its role.
            let listed = try await HTTP.send(port: server.port, "/v1/tokens", headers: [("Authorization", "Bearer \(seen.token)")])
            #expect(listed.status == 200)
            #expect(listed.text.contains(#""name":"CI publish""#))
            #expect(server.terminate() == 0)
        }
    }
}

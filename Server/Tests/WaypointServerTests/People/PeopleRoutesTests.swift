import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing
@testable import WaypointServer

/// Accounts and personal tokens through the API: what each route does, and the rules of people.
@Suite("People and personal tokens")
struct PeopleRoutesTests {
    @Test func accountsAreListedAndTheirEmailIsUnique() async throws {
        try await TestServer.run { client in
            let id = try await PeopleFixture.createAccount(client, email: "Ada@Example.com", name: "Ada Lovelace", role: .publisher)
            let list = try await client.send("/v1/people", headers: TestServer.admin)
            #expect(list.status == .ok)
            let people = try #require(try list.object()["people"] as? [[String: Any]])
            #expect(people.count == 1)
            #expect(people.first?["id"] as? String == id)
            #expect(people.first?["email"] as? String == "ada@example.com")
            #expect(people.first?["role"] as? String == "publisher")
            #expect(!list.text.contains("password") && !list.text.contains("$2b$"))
            let again = try await client.send(
                "/v1/people", .post, headers: TestServer.admin,
                json: #"{"email":"ada@example.com","name":"Ada","role":"viewer","password":"\#(PeopleFixture.password)"}"#)
            #expect(again.status == .conflict)
            #expect(try again.errorMessage() == "An account with the email ada@example.com exists already; each person has one account.")
            let weak = try await client.send(
                "/v1/people", .post, headers: TestServer.admin, json: #"{"email":"bob@example.com","name":"Bob","role":"viewer","password":"letmein"}"#)
            #expect(weak.status == .badRequest)
            #expect(try weak.errorMessage().hasPrefix("The password has 7 characters; it needs at least 12."))
            let badRole = try await client.send(
                "/v1/people", .post, headers: TestServer.admin,
                json: #"{"email":"bob@example.com","name":"Bob","role":"admin","password":"\#(PeopleFixture.password)"}"#)
            #expect(try badRole.errorMessage() == #"role "admin" is not a role; use one of viewer, editor, publisher, owner."#)
        }
    }

    @Test func theLastOwnerCanBeNeitherDemotedNorRemoved() async throws {
        try await TestServer.run { client in
            let ada = try await PeopleFixture.createAccount(client, email: "ada@example.com", name: "Ada", role: .owner)
            let demote = try await client.send("/v1/people/\(ada)", .patch, headers: TestServer.admin, json: #"{"role":"viewer"}"#)
            #expect(demote.status == .conflict)
            #expect(try demote.errorMessage().hasPrefix("Ada (ada@example.com) is the only owner and cannot become a viewer"))
            let remove = try await client.send("/v1/people/\(ada)", .delete, headers: TestServer.admin)
            #expect(remove.status == .conflict)
            #expect(try remove.errorMessage().hasPrefix("Ada (ada@example.com) is the only owner and cannot be removed"))
            let grace = try await PeopleFixture.createAccount(client, email: "grace@example.com", role: .owner)
            #expect(try await client.send("/v1/people/\(ada)", .patch, headers: TestServer.admin, json: #"{"role":"viewer"}"#).status == .ok)
            #expect(try await client.send("/v1/people/\(grace)", .delete, headers: TestServer.admin).status == .conflict)
            #expect(try await client.send("/v1/people/\(ada)", .delete, headers: TestServer.admin).status == .noContent)
            let missing = try await client.send("/v1/people/\(ada)", .delete, headers: TestServer.admin)
            #expect(missing.status == .notFound)
        }
    }

    @Test func aTokenIsShownOnceAndStoredAsItsHash() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await TestServer.run(store: store) { client in
                try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .publisher)
                let (token, page) = try await PeopleFixture.token(client, email: "ada@example.com", role: .editor, name: "CI upload")
                #expect(token.hasPrefix("wpt_") && token.count == 47)
                #expect(page.contains("shown this once"))
                // Listed by prefix; the token itself is never shown again.
                let listed = try await client.send("/v1/tokens", headers: PeopleFixture.bearer(token))
                #expect(listed.status == .ok)
                #expect(!listed.text.contains(token))
                let tokens = try #require(try listed.object()["tokens"] as? [[String: Any]])
                #expect(tokens.count == 1)
                #expect(tokens.first?["tokenPrefix"] as? String == String(token.prefix(12)))
                #expect(tokens.first?["name"] as? String == "CI upload")
                #expect(tokens.first?["role"] as? String == "editor")
                #expect(tokens.first?["status"] as? String == "active")
                #expect(tokens.first?["lastUsedAt"] is String)
                var browser = DashboardBrowser(client)
                try await browser.signIn(email: "ada@example.com", password: PeopleFixture.password)
                let tokensPage = try await browser.get("/tokens")
                #expect(tokensPage.text.contains(String(token.prefix(12))) && !tokensPage.text.contains(token))
                // At rest: its SHA-256, and nothing that contains it.
                let rows = try await store.run([SQLQuery(
                    text: "SELECT token_hash, prefix, name FROM personal_tokens", values: [], columns: [.text, .text, .text])])[0]
                #expect(rows.count == 1)
                #expect(rows.first?[0]?.text == SecretHash.sha256Hex(token))
                #expect(rows.first?[1]?.text == String(token.prefix(12)))
                #expect(rows.allSatisfy { $0.allSatisfy { $0?.text?.contains(token) != true } })
            }
        }
    }

    @Test func aTokenStopsWorkingWhenItExpiresOrIsRevoked() async throws {
        let clock = Mutex(Date())
        try await TestServer.run(now: { clock.withLock { $0 } }) { client in
            _ = try await client.createApp("fitness")
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .viewer)
            let shortLived = try await PeopleFixture.token(client, email: "ada@example.com", role: .viewer, days: 1).token
            let revoked = try await PeopleFixture.token(client, email: "ada@example.com", role: .viewer, days: 30).token
            #expect(try await client.send("/v1/apps", headers: PeopleFixture.bearer(shortLived)).status == .ok)

            let revoke = try await client.send("/v1/tokens/\(revoked.prefix(12))", .delete, headers: PeopleFixture.bearer(revoked))
            #expect(revoke.status == .ok)
            #expect(try revoke.object()["status"] as? String == "revoked")
            let afterRevoke = try await client.send("/v1/apps", headers: PeopleFixture.bearer(revoked))
            #expect(afterRevoke.status == .unauthorized)
            #expect(try afterRevoke.errorMessage().hasPrefix("The personal API token \(revoked.prefix(12)) (script) was revoked at "))

            clock.withLock { $0 += 86_400 + 1 }
            let expired = try await client.send("/v1/apps", headers: PeopleFixture.bearer(shortLived))
            #expect(expired.status == .unauthorized)
            #expect(try expired.errorMessage().hasPrefix("The personal API token \(shortLived.prefix(12)) (script) expired at "))
            let unknown = try await client.send("/v1/apps", headers: PeopleFixture.bearer("wpt_" + String(repeating: "x", count: 43)))
            #expect(unknown.status == .unauthorized)
            #expect(try unknown.errorMessage().hasPrefix("The personal API token wpt_xxxxxxxx… is not known on this server"))
        }
    }

    @Test func aTokenHasNoMoreRightsThanItsAccount() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let ada = try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .editor)
            var browser = DashboardBrowser(client)
            try await browser.signIn(email: "ada@example.com", password: PeopleFixture.password, next: "/tokens")
            let tooHigh = try await browser.submit("/tokens", on: "/tokens", form: [("name", "x"), ("role", "publisher"), ("expiresInDays", "5")])
            #expect(tooHigh.status == .forbidden)
            #expect(tooHigh.text.contains("A token cannot have more rights than its account: ada@example.com is an editor"))
            let editor = try await PeopleFixture.token(client, email: "ada@example.com", role: .editor).token
            // A token cannot make a token with more than its own role either.
            let viewer = try await client.send(
                "/v1/tokens", .post, headers: PeopleFixture.bearer(editor), json: #"{"name":"read","role":"viewer","expiresInDays":7}"#)
            #expect(viewer.status == .created)
            let viewerToken = try #require(try viewer.object()["token"] as? String)
            let escalate = try await client.send(
                "/v1/tokens", .post, headers: PeopleFixture.bearer(viewerToken), json: #"{"name":"more","role":"editor","expiresInDays":7}"#)
            #expect(escalate.status == .forbidden)
            #expect(try escalate.errorMessage() == "A token cannot make a token with more rights than its own: it acts as a viewer, "
                + "so the new token's role must be viewer.")
            let upload = try await client.send(
                "/v1/apps/fitness/revisions", .post, headers: PeopleFixture.bearer(viewerToken), body: try TestServer.example("waypoint.json"))
            #expect(upload.status == .forbidden)
            #expect(try upload.errorMessage().hasPrefix("POST /v1/apps/{app}/revisions needs the editor role; you are a viewer (ada@example.com)."))
            #expect(try await client.send(
                "/v1/apps/fitness/revisions", .post, headers: PeopleFixture.bearer(editor), body: try TestServer.example("waypoint.json")
            ).status == .created)
            // Lowering the account lowers its tokens at once.
            #expect(try await client.send("/v1/people/\(ada)", .patch, headers: TestServer.admin, json: #"{"role":"viewer"}"#).status == .ok)
            let lowered = try await client.send(
                "/v1/apps/fitness/revisions", .post, headers: PeopleFixture.bearer(editor), body: try TestServer.example("waypoint.json"))
            #expect(lowered.status == .forbidden)
            let admin = try await client.send("/v1/tokens", .post, headers: TestServer.admin, json: #"{"name":"x","role":"viewer","expiresInDays":7}"#)
            #expect(admin.status == .forbidden)
            #expect(try admin.errorMessage().hasPrefix("Personal API tokens belong to an account, and the admin token has none"))
        }
    }

    @Test func anOwnerRetiresTheAdminTokenForEveryone() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            let itself = try await client.send("/v1/admin-token", .delete, headers: TestServer.admin)
            #expect(itself.status == .forbidden)
            #expect(try itself.errorMessage().hasPrefix("The admin token cannot retire itself"))
            let owner = try await PeopleFixture.token(client, email: "ada@example.com", role: .owner).token
            let retired = try await client.send("/v1/admin-token", .delete, headers: PeopleFixture.bearer(owner))
            #expect(retired.status == .ok)
            #expect(try retired.object()["retiredAt"] is String)
            let refused = try await client.send("/v1/apps", headers: TestServer.admin)
            #expect(refused.status == .unauthorized)
            #expect(try refused.errorMessage().hasPrefix("The admin token was retired at "))
            #expect(try await client.send("/v1/apps", headers: PeopleFixture.bearer(owner)).status == .ok)
        }
    }

    @Test func theAdminTokenSignsInOnlyUntilAnOwnerExists() async throws {
        try await TestServer.run { client in
            var bootstrap = DashboardBrowser(client)
            #expect(try await bootstrap.signIn().status == .seeOther)
            #expect(try await bootstrap.get("/people").text.contains("no owner account exists yet"))
            let created = try await bootstrap.submit(
                "/people", on: "/people",
                form: [("email", "ada@example.com"), ("name", "Ada"), ("role", "owner"), ("password", PeopleFixture.password)])
            #expect(created.status == .seeOther)
            // The admin token's session ends with the first owner; the token no longer signs in.
            #expect(try await bootstrap.get("/apps").status == .seeOther)
            var again = DashboardBrowser(client)
            let page = try await again.get("/login")
            #expect(page.text.contains(#"name="email""#) && !page.text.contains(#"name="token""#))
            let refused = try await again.post(
                "/login", form: [("token", TestServer.adminToken), ("csrf", DashboardBrowser.csrf(in: page.text) ?? "")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("The admin token no longer signs in here, since an owner account exists"))
            #expect(try await again.signIn(email: "ada@example.com", password: PeopleFixture.password).status == .seeOther)
        }
    }

    @Test func anAccountChangesItsOwnPasswordAndIsSignedOutEverywhere() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .viewer)
            var here = DashboardBrowser(client)
            try await here.signIn(email: "ada@example.com", password: PeopleFixture.password)
            var elsewhere = DashboardBrowser(client)
            try await elsewhere.signIn(email: "ada@example.com", password: PeopleFixture.password)
            let wrong = try await here.submit("/account/password", on: "/tokens", form: [("current", "not it at all"), ("password", "a brand new passphrase")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Your current password is not the one you entered; nothing changed."))
            let weak = try await here.submit("/account/password", on: "/tokens", form: [("current", PeopleFixture.password), ("password", "short")])
            #expect(weak.status == .badRequest)
            #expect(weak.text.contains("The password has 5 characters; it needs at least 12."))
            let changed = try await here.submit(
                "/account/password", on: "/tokens", form: [("current", PeopleFixture.password), ("password", "a brand new passphrase")])
            #expect(changed.status == .seeOther)
            #expect(changed.headers[.location] == "/login")
            #expect(try await here.get("/apps").status == .seeOther)
            #expect(try await elsewhere.get("/apps").status == .seeOther)
            #expect(try await here.signIn(email: "ada@example.com", password: "a brand new passphrase").status == .seeOther)
        }
    }

    @Test func signingOutANewPasswordAndRemovalEndSessionsAtOnce() async throws {
        try await TestServer.run { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            let grace = try await PeopleFixture.createAccount(client, email: "grace@example.com", role: .viewer)
            var first = DashboardBrowser(client)
            try await first.signIn(email: "grace@example.com", password: PeopleFixture.password)
            let copied = first.cookieHeader
            #expect(try await client.send("/apps", headers: copied).status == .ok)
            let apps = try await first.get("/apps")
            #expect(apps.status == .ok, "\(apps.headers)")
            let out = try await first.submit("/logout", on: "/apps", form: [])
            #expect(out.status == .seeOther)
            // The cookie, kept from before signing out, no longer works.
            #expect(try await client.send("/apps", headers: copied).status == .seeOther)

            var second = DashboardBrowser(client)
            try await second.signIn(email: "grace@example.com", password: PeopleFixture.password)
            let newPassword = "a different long passphrase"
            #expect(try await client.send(
                "/v1/people/\(grace)/password", .put, headers: TestServer.admin, json: #"{"password":"\#(newPassword)"}"#
            ).status == .noContent)
            #expect(try await second.get("/apps").status == .seeOther)
            #expect(try await second.signIn(email: "grace@example.com", password: PeopleFixture.password).status == .unauthorized)
            #expect(try await second.signIn(email: "grace@example.com", password: newPassword).status == .seeOther)
            #expect(try await client.send("/v1/people/\(grace)", .delete, headers: TestServer.admin).status == .noContent)
            #expect(try await second.get("/apps").status == .seeOther)
        }
    }
}

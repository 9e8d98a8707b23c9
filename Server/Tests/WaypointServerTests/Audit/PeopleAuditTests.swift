import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// The audit log of people: every change to accounts, roles, passwords, tokens and the admin token
/// is recorded with the account that made it (not the admin token) and its address, and only
/// owners read the log.
@Suite("Audit log of people")
struct PeopleAuditTests {
    /// `GET /v1/audit` with `headers`: the entries, oldest first.
    static func entries(_ client: any TestClientProtocol, headers: HTTPFields) async throws -> [[String: Any]] {
        let response = try await client.send("/v1/audit?limit=200", headers: headers)
        try #require(response.status == .ok, "GET /v1/audit: \(response.text)")
        return try #require(try response.object()["entries"] as? [[String: Any]]).reversed()
    }

    /// An entry in words: action, target, actor's kind, id and name, and address.
    static func summary(_ entry: [String: Any]) -> String {
        let actor = entry["actor"] as? [String: Any] ?? [:]
        return [
            entry["action"] as? String ?? "-", entry["target"] as? String ?? "-", actor["kind"] as? String ?? "-", actor["id"] as? String ?? "-",
            actor["name"] as? String ?? "-", entry["address"] as? String ?? "-",
        ].joined(separator: " ")
    }

    @Test func everyChangeToPeopleIsRecordedWithTheAccountThatMadeItAndFromWhere() async throws {
        try await TestServer.run(.live) { client in
            let ada = try await PeopleFixture.createAccount(client, email: "ada@example.com", name: "Ada", role: .owner)
            // Ada signs in and makes a token on the Tokens page: her session acts.
            let token = try await PeopleFixture.token(client, email: "ada@example.com", role: .owner, name: "laptop").token
            let first = PersonalToken.prefix(of: token)
            // Then her token acts, on every route of people.
            let asAda = PeopleFixture.bearer(token)
            let grace = try await PeopleFixture.createAccount(client, email: "grace@example.com", name: "Grace", role: .viewer, headers: asAda)
            #expect(try await client.send("/v1/people/\(grace)", .patch, headers: asAda, json: #"{"role":"editor"}"#).status == .ok)
            let password = #"{"password":"another long passphrase 7"}"#
            #expect(try await client.send("/v1/people/\(grace)/password", .put, headers: asAda, json: password).status == .noContent)
            #expect(try await client.send("/v1/people/\(grace)/sign-out", .post, headers: asAda).status == .noContent)
            #expect(try await client.send("/v1/people/\(grace)", .delete, headers: asAda).status == .noContent)
            #expect(try await client.send("/v1/admin-token", .delete, headers: asAda).status == .ok)
            let made = try await client.send("/v1/tokens", .post, headers: asAda, json: #"{"name":"ci","role":"viewer","expiresInDays":7}"#)
            #expect(made.status == .created)
            let second = try #require((try made.object()["details"] as? [String: Any])?["tokenPrefix"] as? String)
            #expect(try await client.send("/v1/tokens/\(second)", .delete, headers: asAda).status == .ok)
            // Refused changes leave no entry: the last owner cannot go, a revoked token is not revoked again.
            #expect(try await client.send("/v1/people/\(ada)", .delete, headers: asAda).status == .conflict)
            #expect(try await client.send("/v1/tokens/\(second)", .delete, headers: asAda).status == .ok)

            let entries = try await Self.entries(client, headers: asAda)
            #expect(entries.map(Self.summary) == [
                "account-created \(ada) admin-token admin Admin token 127.0.0.1",
                "token-created \(first) session \(ada) Ada 127.0.0.1",
                "account-created \(grace) api-token \(ada) Ada 127.0.0.1",
                "account-role-changed \(grace) api-token \(ada) Ada 127.0.0.1",
                "account-password-reset \(grace) api-token \(ada) Ada 127.0.0.1",
                "account-signed-out \(grace) api-token \(ada) Ada 127.0.0.1",
                "account-removed \(grace) api-token \(ada) Ada 127.0.0.1",
                "admin-token-retired - api-token \(ada) Ada 127.0.0.1",
                "token-created \(second) api-token \(ada) Ada 127.0.0.1",
                "token-revoked \(second) api-token \(ada) Ada 127.0.0.1",
            ])
            // What each says of the account or token; never a password or a token.
            #expect(entries[0]["details"] as? [String: String] == ["email": "ada@example.com", "name": "Ada", "role": "owner"])
            #expect((entries[1]["details"] as? [String: String])?["role"] == "owner")
            #expect((entries[1]["details"] as? [String: String])?["accountId"] == ada)
            #expect(entries[3]["details"] as? [String: String] == [
                "email": "grace@example.com", "name": "Grace", "previousRole": "viewer", "role": "editor",
            ])
            #expect(entries[6]["details"] as? [String: String] == ["email": "grace@example.com", "name": "Grace", "role": "editor"])
            #expect((entries[9]["details"] as? [String: String])?["name"] == "ci")
            let text = try await client.send("/v1/audit?limit=200", headers: asAda).text
            #expect(!text.contains(token) && !text.contains("another long passphrase") && !text.contains(PeopleFixture.password))
            // The log is filtered by an account's id as by the admin token's.
            let byAda = try await client.send("/v1/audit?actor=\(ada)&action=account-role-changed", headers: asAda)
            #expect((try byAda.object()["entries"] as? [[String: Any]])?.count == 1)
        }
    }

    /// A signed-in account acts as itself on the dashboard: the app it creates and the password it
    /// changes are recorded under its name, not the admin token's.
    @Test func aSessionRecordsItsAccountNotTheAdminToken() async throws {
        try await TestServer.run(.live) { client in
            let ada = try await PeopleFixture.createAccount(client, email: "ada@example.com", name: "Ada Lovelace", role: .owner)
            var browser = DashboardBrowser(client)
            let signedIn = try await browser.signIn(email: "ada@example.com", password: PeopleFixture.password)
            try #require(signedIn.status == .seeOther)
            #expect(try await browser.submit("/apps", on: "/apps", form: [("id", "fitness"), ("name", "Fitness")]).status == .created)
            let added = try await browser.submit(
                "/people", on: "/people",
                form: [("email", "grace@example.com"), ("name", "Grace"), ("role", "publisher"), ("password", PeopleFixture.password)])
            #expect(added.status == .seeOther)
            let changed = try await browser.submit(
                "/account/password", on: "/tokens", form: [("current", PeopleFixture.password), ("password", "a brand new passphrase")])
            #expect(changed.status == .seeOther)

            let entries = try await Self.entries(client, headers: TestServer.admin)
            let grace = try #require(entries.first { $0["action"] as? String == "account-created" && $0["target"] as? String != ada }?["target"] as? String)
            #expect(entries.map(Self.summary) == [
                "account-created \(ada) admin-token admin Admin token 127.0.0.1",
                "app-created fitness session \(ada) Ada Lovelace 127.0.0.1",
                "account-created \(grace) session \(ada) Ada Lovelace 127.0.0.1",
                "account-password-changed \(ada) session \(ada) Ada Lovelace 127.0.0.1",
            ])
            // The audit page shows the account's name for its entries.
            var again = DashboardBrowser(client)
            _ = try await again.signIn(email: "ada@example.com", password: "a brand new passphrase")
            let page = try await again.get("/audit")
            #expect(page.status == .ok)
            #expect(page.text.contains("Ada Lovelace"))
        }
    }

    /// `GET /v1/audit` and the Audit log page are for owners: everyone else is refused with the role it needs.
    @Test func onlyOwnersReadTheLog() async throws {
        #expect(AccessRules.access(.get, "/v1/audit") == .role(.owner))
        #expect(AccessRules.access(.get, "/audit") == .role(.owner))
        try await TestServer.run { client in
            for role in Role.allCases {
                let email = "\(role.rawValue)@example.com"
                try await PeopleFixture.createAccount(client, email: email, role: role)
                let token = try await PeopleFixture.token(client, email: email, role: role).token
                let api = try await client.send("/v1/audit", headers: PeopleFixture.bearer(token))
                var browser = DashboardBrowser(client)
                _ = try await browser.signIn(email: email, password: PeopleFixture.password)
                let page = try await browser.get("/audit")
                if role == .owner {
                    #expect(api.status == .ok && page.status == .ok, "\(role)")
                } else {
                    #expect(api.status == .forbidden, "\(role)")
                    #expect(try api.errorMessage().contains("needs the owner role; you are \(role.withArticle)"), "\(role)")
                    #expect(page.status == .forbidden, "\(role)")
                }
            }
        }
    }

    /// The apps page offers the audit log's link and the create form to owners only, who alone may use them.
    @Test func theAppsPageOffersOwnersOnlyTheirLinks() async throws {
        try await TestServer.run { client in
            for role in Role.allCases {
                let email = "\(role.rawValue)@example.com"
                try await PeopleFixture.createAccount(client, email: email, role: role)
                var browser = DashboardBrowser(client)
                _ = try await browser.signIn(email: email, password: PeopleFixture.password)
                let page = try await browser.get("/apps")
                #expect(page.status == .ok, "\(role)")
                #expect(page.text.contains(#"href="/audit""#) == (role == .owner), "\(role)")
                #expect(page.text.contains(#"action="/apps""#) == (role == .owner), "\(role)")
            }
        }
    }
}

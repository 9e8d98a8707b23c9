import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Each account sees only the actions its role may take: no button or link leads to a 403 page.
@Suite("The dashboard by role")
struct DashboardRoleTests {
    /// What a page offers, by the form or link that does it.
    static let actions: [(name: String, marker: String, route: String)] = [
        ("create an app", #"action="/apps""#, "POST /apps"),
        ("upload a revision", #"action="/apps/fitness/revisions""#, "POST /apps/{app}/revisions"),
        ("rotate a key", #"action="/apps/fitness/environments/production/keys""#, "POST /apps/{app}/environments/{environment}/keys"),
        ("revoke a key", "/revoke\"", "POST /apps/{app}/environments/{environment}/keys/{keyPrefix}/revoke"),
        ("publish", #"action="/apps/fitness/environments/production/publish""#, "POST /apps/{app}/environments/{environment}/publish"),
        ("edit a step", ">Edit paywall</a>", "POST /apps/{app}/revisions/{revision}/flows/{flow}/steps/{step}"),
        ("edit a hint", ">Edit hint intro</a>", "POST /apps/{app}/revisions/{revision}/walkthroughs/{walkthrough}/steps/{step}"),
        ("People", #"href="/people""#, "GET /people"),
        ("the audit log", #"href="/audit""#, "GET /audit"),
    ]

    @Test(arguments: Role.allCases)
    func eachRoleSeesOnlyWhatItMayDo(role: Role) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            // A retiring key, so the owner's page has a revoke button.
            let rotate = try await client.send(
                "/v1/apps/fitness/environments/production/keys", .post, headers: TestServer.admin, json: #"{"graceHours":24}"#)
            #expect(rotate.status == .created, "\(rotate.text)")
            let email = "\(role.rawValue)@example.com"
            try await PeopleFixture.createAccount(client, email: email, role: role)
            var browser = DashboardBrowser(client)
            #expect(try await browser.signIn(email: email, password: PeopleFixture.password).status == .seeOther)

            var pages = ""
            for uri in ["/apps", "/apps/fitness", "/apps/fitness/revisions/1?environment=production"] {
                let page = try await browser.get(uri)
                #expect(page.status == .ok, "\(uri): \(page.status)")
                pages += page.text
            }
            for action in Self.actions {
                guard case .role(let needed)? = AccessRules.table[action.route] else {
                    Issue.record("\(action.route) has no role rule")
                    continue
                }
                #expect(pages.contains(action.marker) == (role >= needed),
                        "\(role.withArticle) \(role >= needed ? "does not see" : "sees") \(action.name)")
                if role >= needed, action.route.hasPrefix("GET ") {
                    let path = String(action.route.dropFirst(4))
                    #expect(try await browser.get(path).status == .ok, "\(path) is linked and opens")
                }
            }
        }
    }
}

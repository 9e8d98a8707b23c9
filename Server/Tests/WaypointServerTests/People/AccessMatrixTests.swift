import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Every route the router has × every role and no credentials → what ``AccessRules`` says.
///
/// The routes are read from the router itself, so a route added without a rule fails here.
@Suite("Access to every route and page")
struct AccessMatrixTests {
    /// The routes of a server, as the router names them (`GET /v1/apps/{app}/revisions`).
    static func routes() async throws -> [(method: HTTPRequest.Method, path: String)] {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let router = buildRouter(try TestServer.configuration(), repositories: Repositories(store), metrics: ServerMetrics())
            // The responder is built as the server builds it, with any routes it adds then (HEAD).
            _ = router.buildResponder()
            let routes = router.routes.map { (method: $0.method, path: $0.path.description) }
            try await store.close()
            return routes
        }
    }

    @Test func everyRouteHasARuleAndEveryRuleARoute() async throws {
        let routes = try await Self.routes()
        #expect(routes.count > 40, "\(routes.count) routes")
        let unruled = routes.filter { AccessRules.access($0.method, $0.path) == nil }.map { "\($0.method) \($0.path)" }
        #expect(unruled == [], "routes without an access rule: add each to AccessRules.table")
        let routed = Set(routes.map { "\($0.method) \($0.path)" })
        #expect(Set(AccessRules.table.keys).subtracting(routed).sorted() == [], "rules of routes the router lacks")
    }

    /// A concrete path for a route's pattern.
    static func concrete(_ path: String) -> String {
        let values = [
            "app": "fitness", "environment": "production", "revision": "1", "keyPrefix": "wps_nothing0", "userId": "u1",
            "walkthrough": "tour", "flow": "signup", "account": "nobody", "tokenPrefix": "wpt_nothing0", "step": "splash",
        ]
        var result = path
        for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }

    /// Who asks: nobody, the admin token, or an account of a role (a personal token of that role
    /// on the API, a session on pages).
    enum Asker: Hashable, CustomStringConvertible {
        case nobody
        case adminToken
        case account(Role)

        var role: Role? {
            switch self {
            case .nobody: nil
            case .adminToken: .owner
            case .account(let role): role
            }
        }

        var description: String {
            switch self {
            case .nobody: "no credentials"
            case .adminToken: "the admin token"
            case .account(let role): role.withArticle
            }
        }
    }

    @Test func everyRouteAnswersEveryRoleAsItsRuleSays() async throws {
        let routes = try await Self.routes()
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            var tokens: [Role: String] = [:]
            var browsers: [Role: DashboardBrowser] = [:]
            for role in Role.allCases {
                let email = "\(role.rawValue)@example.com"
                try await PeopleFixture.createAccount(client, email: email, role: role)
                tokens[role] = try await PeopleFixture.token(client, email: email, role: role).token
                var browser = DashboardBrowser(client)
                let signedIn = try await browser.signIn(email: email, password: PeopleFixture.password)
                try #require(signedIn.status == .seeOther)
                browsers[role] = browser
            }
            // The admin token first: an owner's token may retire it (DELETE /v1/admin-token).
            let askers: [Asker] = [.nobody, .adminToken] + Role.allCases.map { .account($0) }
            var wrong: [String] = []
            for asker in askers {
                for route in routes {
                    let isPage = !route.path.hasPrefix("/v1/")
                    if isPage && asker == .adminToken { continue }  // no admin-token sessions once an owner exists
                    var headers: HTTPFields = [:]
                    if !isPage {
                        switch asker {
                        case .nobody: break
                        case .adminToken: headers = TestServer.admin
                        case .account(let role): headers = PeopleFixture.bearer(tokens[role]!)
                        }
                    } else if case .account(let role) = asker {
                        headers = browsers[role]!.cookieHeader
                    }
                    let response = try await client.send(Self.concrete(route.path), route.method, headers: headers)
                    let problem = Self.problem(
                        access: AccessRules.access(route.method, route.path), method: route.method, isPage: isPage, role: asker.role,
                        response: response)
                    if let problem { wrong.append("\(route.method) \(route.path) by \(asker): \(problem)") }
                }
            }
            #expect(wrong == [])
        }
    }

    /// What is wrong with `response` to a request by someone of `role` (nil: no credentials), or nil.
    static func problem(
        access: AccessRules.Access?, method: HTTPRequest.Method, isPage: Bool, role: Role?, response: TestResponse
    ) -> String? {
        let refusedByRole = response.status == .forbidden && response.text.contains("role; you are")
        let status = response.status.code
        guard let access else { return "no rule" }
        switch access {
        case .everyone:
            return status == 401 || refusedByRole ? "refused (\(status)) though open to everyone" : nil
        case .sdkKey:
            // A HEAD answer has no body to say so.
            let asksForKey = response.text.contains("SDK key") || (response.text.isEmpty && method == .head)
            return status == 401 && asksForKey ? nil : "\(status), not 401 asking for an SDK key"
        case .role(let required):
            guard let role else {
                if isPage {
                    let location = response.headers[.location] ?? ""
                    return response.status == .seeOther && location.hasPrefix("/login?next=") ? nil : "\(status), not sent to sign in"
                }
                return status == 401 && response.text.contains(#""code":"unauthorized""#) ? nil : "\(status), not 401"
            }
            if role < required {
                guard refusedByRole, response.text.contains("needs the \(required.rawValue) role; you are \(role.withArticle)") else {
                    return "\(status), not 403 for want of the \(required.rawValue) role: \(response.text.prefix(200))"
                }
                if !isPage && !response.text.contains(#""code":"forbidden""#) { return "no forbidden code" }
                if isPage && !response.text.contains("<h1>Not allowed</h1>") { return "no 403 page" }
                return nil
            }
            if status == 401 || refusedByRole { return "refused (\(status)) though \(role.withArticle) may: \(response.text.prefix(200))" }
            if isPage, response.status == .seeOther, (response.headers[.location] ?? "").hasPrefix("/login") { return "sent to sign in" }
            return nil
        }
    }
}

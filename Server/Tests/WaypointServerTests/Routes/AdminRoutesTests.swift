import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Every admin route answers 401 without a working bearer token (the admin token or a personal one).
///
/// The token is checked before the route looks at the app, the revision or the body it was sent.
@Suite("Admin routes")
struct AdminRoutesTests {
    struct Route: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        let path: String
        let body: String?

        var testDescription: String { "\(method) \(path)" }
    }

    /// Each admin route, naming an app that does not exist (the token is checked first).
    static let routes = [
        Route(method: .post, path: "/v1/apps", body: #"{"id":"fitness","name":"Fitness"}"#),
        Route(method: .get, path: "/v1/apps", body: nil),
        Route(method: .post, path: "/v1/apps/nope/revisions", body: "{}"),
        Route(method: .get, path: "/v1/apps/nope/revisions", body: nil),
        Route(method: .get, path: "/v1/apps/nope/revisions/1/preview", body: nil),
        Route(method: .post, path: "/v1/apps/nope/environments/production/publish", body: #"{"revision":1}"#),
        Route(method: .get, path: "/v1/apps/nope/funnel?flow=signup", body: nil),
        Route(method: .get, path: "/v1/apps/nope/events?format=jsonl", body: nil),
    ]

    /// How to get a credential, as every 401 says: never a circle back to a route that needs one.
    static let how = "send `Authorization: Bearer <token>` with a personal API token (wpt_…: make one on the dashboard's "
        + "Tokens page, or with `POST /v1/tokens` sending your email and password as HTTP Basic, which `waypoint login` does) "
        + "or the admin token"
    static let noBearer = "The Authorization header has no `Bearer ` scheme: \(how), with the word Bearer and a space before the token."

    @Test(arguments: routes)
    func aRequestWithoutTheAdminTokenIsRefused(_ route: Route) async throws {
        try await TestServer.run { client in
            let cases: [(headers: HTTPFields, message: String)] = [
                ([:], "This request needs credentials: \(Self.how)."),
                ([.authorization: "Bearer \(TestServer.adminToken)x"],
                 "The token is neither this server's admin token nor a personal API token: \(Self.how)."),
                ([.authorization: TestServer.adminToken], Self.noBearer),
                ([.authorization: "Basic \(TestServer.adminToken)"], Self.noBearer),
                ([.authorization: "Bearer"], Self.noBearer),
            ]
            for (headers, message) in cases {
                let answer = try await client.send(route.path, route.method, headers: headers, body: route.body.map { Data($0.utf8) })
                #expect(answer.status == .unauthorized)
                #expect(answer.headers[.wwwAuthenticate] == "Bearer")
                #expect(try answer.errorCode() == "unauthorized")
                #expect((try answer.object()["error"] as? [String: Any])?["message"] as? String == message)
            }
            // With the token, the route itself answers: the app does not exist (or, for creating one, it is created).
            let admitted = try await client.send(route.path, route.method, headers: TestServer.admin, body: route.body.map { Data($0.utf8) })
            let expected: HTTPResponse.Status = route.path != "/v1/apps" ? .notFound : route.method == .post ? .created : .ok
            #expect(admitted.status == expected, "\(admitted.text)")
        }
    }

    /// The scheme's name is case-insensitive, as HTTP says.
    @Test(arguments: ["Bearer", "bearer", "BEARER"])
    func theSchemeIsCaseInsensitive(scheme: String) async throws {
        try await TestServer.run { client in
            let answer = try await client.send("/v1/apps", headers: [.authorization: "\(scheme) \(TestServer.adminToken)"])
            #expect(answer.status == .ok)
        }
    }
}

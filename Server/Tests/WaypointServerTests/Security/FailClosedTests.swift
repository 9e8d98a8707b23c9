import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import WaypointServer

/// Routes that need a role refuse a request without a principal by themselves, even on a router
/// built without ``AccessMiddleware``: access fails closed, and nothing is done or recorded for
/// nobody (or for the admin token).
@Suite("Access fails closed without the access middleware")
struct FailClosedTests {
    @Test func everyRouteThatNeedsARoleRefusesARequestWithoutAPrincipal() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let routes = ServerRoutes(
                try TestServer.configuration(), repositories: Repositories(store), metrics: ServerMetrics(), now: { Date() }, signInClock: { .now })
            // Something to change: an app with a revision, so a route acting for nobody would act.
            let owner = AuditOrigin(actor: .adminToken, address: nil)
            _ = try await routes.administration.createApp(id: "fitness", name: "Fitness", by: owner)
            let before = try await routes.administration.auditLog.entries(AuditQuery(limit: 1_000)).entries

            // The routes as the server adds them, but no access middleware in front.
            let router = Router(context: ServerContext.self)
            router.add(middleware: ErrorMiddleware())
            routes.add(to: router)
            let roleRoutes = AccessRules.table.compactMap { route, access -> (HTTPRequest.Method, String)? in
                guard case .role = access else { return nil }
                let parts = route.split(separator: " ", maxSplits: 1)
                return (HTTPRequest.Method(String(parts[0]))!, String(parts[1]))
            }.sorted { "\($0.1) \($0.0)" < "\($1.1) \($1.0)" }
            #expect(roleRoutes.count > 40)
            #expect(roleRoutes.contains { $0.0 == .post && $0.1 == "/v1/apps" })
            #expect(roleRoutes.contains { $0.0 == .post && $0.1 == "/v1/apps/{app}/revisions/{revision}/edits" })
            // The dashboard's edits without JSON: the experiment form, Ship and Stop.
            for form in [
                "/apps/{app}/revisions/{revision}/experiments/new", "/apps/{app}/revisions/{revision}/experiments/{experiment}",
                "/apps/{app}/environments/{environment}/experiments/{experiment}/ship",
                "/apps/{app}/environments/{environment}/experiments/{experiment}/stop",
            ] {
                #expect(roleRoutes.contains { $0.0 == .post && $0.1 == form }, "\(form)")
            }

            let wrong = try await Application(router: router).test(.router) { client in
                var wrong: [String] = []
                for (method, path) in roleRoutes {
                    // A body the route would accept from someone, so only the missing principal refuses it.
                    let body = method == .get ? nil : ByteBuffer(string: #"{"id":"yoga","name":"Yoga","role":"owner"}"#)
                    let response = try await client.execute(
                        uri: AccessMatrixTests.concrete(path), method: method,
                        headers: [.contentType: "application/json"], body: body)
                    let text = String(buffer: response.body)
                    if response.status != .unauthorized || !text.contains("reached it without one") {
                        wrong.append("\(method) \(path): \(response.status.code) \(text.prefix(160))")
                    }
                }
                return wrong
            }
            #expect(wrong == [], "routes that acted without a principal")
            let after = try await routes.administration.auditLog.entries(AuditQuery(limit: 1_000)).entries
            #expect(after == before, "no audit entry was written for a request without a principal")
            #expect(try await store.apps.apps().map(\.id) == ["fitness"], "no app was created")
            try await store.close()
        }
    }
}

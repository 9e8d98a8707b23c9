import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WaypointTools
@testable import WaypointServer

/// `GET /ready` says whether the server can store now; `/health` only that it answers.
@Suite("Readiness")
struct ReadyRouteTests {
    @Test(arguments: StoreKind.available)
    func aStoreThatCanStoreIsReady(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestServer.run(store: store) { client in
                let ready = try await client.send("/ready")
                #expect(ready.status == .ok)
                #expect(ready.text == #"{"status":"ready"}"#)
                #expect(ready.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }

    @Test func aStoreThatCannotStoreIsUnavailableWithItsReasonWhileHealthStaysOK() async throws {
        let full = StoreError.storageFull("The disk that holds /srv/waypoint has 12 KiB free. Free space on that disk.")
        try await TestServer.run(repositories: { $0.failingEverywhereAsked(with: full) }) { client in
            let ready = try await client.send("/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] == "60")
            let object = try ready.object()
            #expect(object["status"] as? String == "unavailable")
            #expect(object["reason"] as? String == full.description)
            #expect(object.keys.sorted() == ["reason", "status"])
            #expect(try await client.send("/health").status == .ok)
        }
    }

    @Test func aCheckThatFailsOtherwiseIsUnavailableAndNamesTheLog() async throws {
        try await TestServer.run(repositories: { $0.failingEverywhereAsked() }) { client in
            let ready = try await client.send("/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] == "10")
            let reason = try #require(try ready.object()["reason"] as? String)
            #expect(reason.hasPrefix("The store failed its check:"), "\(reason)")
            #expect(reason.hasSuffix("The server's log has more."), "\(reason)")
        }
    }
}

/// A store that cannot store: the API answers 503 with `Retry-After` and the error's words, and the
/// dashboard a page that says the same, never a 500.
@Suite("Storage failures")
struct StorageFailureRouteTests {
    @Test(arguments: [
        (StoreError.storageFull("The disk is full. Free space on it."), "storage-full", "60"),
        (StoreError.storageUnavailable("PostgreSQL cannot be used now. Check that it runs."), "storage-unavailable", "10"),
    ])
    func theAPIAnswers503WithRetryAfter(failure: StoreError, code: String, retryAfter: String) async throws {
        try await TestServer.run(repositories: { $0.failingEverywhereAsked(with: failure) }) { client in
            let responses = [
                try await client.postEvents(key: "wps_anything", lines: [TestEvents.line("a")]),
                try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Fitness"}"#),
                try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin),
                try await client.document(key: "wps_anything"),
            ]
            for response in responses {
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == retryAfter)
                #expect(try response.errorCode() == code)
                let message = (try response.object()["error"] as? [String: Any])?["message"] as? String
                #expect(message == failure.description)
            }
            let head = try await client.send("/v1/document", .head, headers: [HTTPField.Name("Waypoint-Key")!: "wps_anything"])
            #expect(head.status == .serviceUnavailable)
            #expect(head.headers[.retryAfter] == retryAfter)
        }
    }

    @Test func theDashboardShowsAPageThatSaysSo() async throws {
        let failure = StoreError.storageUnavailable("PostgreSQL cannot be used now (the connection to it was lost). Check that it runs.")
        try await TestServer.run(repositories: { $0.failingEverywhereAsked(with: failure) }) { client in
            var browser = DashboardBrowser(client)
            // Accounts and sessions are in the store too: the sign-in page, and a page with a
            // session cookie (signed, so its row is looked up), say so.
            let signIn = try await browser.get("/login")
            let session = DashboardSessions(adminToken: try AdminToken(TestServer.adminToken)).newSession().cookie
            let apps = try await client.send("/apps", headers: [.cookie: "\(session.name)=\(session.value)"])
            for page in [signIn, apps] {
                #expect(page.status == .serviceUnavailable)
                #expect(page.headers[.retryAfter] == "10")
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(page.text.contains("The server cannot store now"))
                #expect(page.text.contains("PostgreSQL cannot be used now (the connection to it was lost). Check that it runs."))
            }
        }
    }

    @Test func otherStoreFailuresStayA500() async throws {
        try await TestServer.run(repositories: { $0.failingEverywhereAsked() }) { client in
            let response = try await client.postEvents(key: "wps_anything", lines: [TestEvents.line("a")])
            #expect(response.status == .internalServerError)
            #expect(response.headers[.retryAfter] == nil)
        }
    }
}

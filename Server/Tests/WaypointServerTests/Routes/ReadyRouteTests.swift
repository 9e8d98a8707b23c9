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
        try await TestServer.run(store: StorageFailingStore(failure: full)) { client in
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
        try await TestServer.run(store: FailureRouteTests.FailingStore()) { client in
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
        try await TestServer.run(store: StorageFailingStore(failure: failure)) { client in
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
        try await TestServer.run(store: StorageFailingStore(failure: failure)) { client in
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
        try await TestServer.run(store: FailureRouteTests.FailingStore()) { client in
            let response = try await client.postEvents(key: "wps_anything", lines: [TestEvents.line("a")])
            #expect(response.status == .internalServerError)
            #expect(response.headers[.retryAfter] == nil)
        }
    }
}

/// A store whose every call throws `failure`, as one whose disk is full or whose database is gone.
struct StorageFailingStore: Store, SQLRows {
    let failure: StoreError

    var dialect: SQLDialect { .sqlite }
    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]] { throw failure }

    func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws { throw failure }
    func app(id: String) async throws -> AppRecord? { throw failure }
    func apps() async throws -> [AppRecord] { throw failure }
    func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] { throw failure }
    func eventCount(appID: String, environment: String) async throws -> Int { throw failure }
    func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws -> AddedRevision { throw failure }
    func revisions(appID: String) async throws -> [RevisionSummary] { throw failure }
    func revision(appID: String, number: Int) async throws -> RevisionRecord? { throw failure }
    func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? { throw failure }
    func publications(appID: String, environment: String) async throws -> [PublicationRecord] { throw failure }
    func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? { throw failure }
    func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult { throw failure }
    func events(appID: String, environment: String?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage { throw failure }
    func eventsByUser(appID: String, environment: String?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
        throw failure
    }
    func flowIDs(appID: String, environment: String, limit: Int) async throws -> [String] {
        throw failure
    }
    func close() async throws {}
    func checkStorage() async throws { throw failure }
    func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? { throw failure }
    func keys(appID: String, environment: String) async throws -> [SDKKeySummary] { throw failure }
    func rotateKey(appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date, audit: AuditEntryOf<[SDKKeySummary]>?) async throws
        -> [SDKKeySummary] { throw failure }
    func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws -> SDKKeySummary { throw failure }
    func eraseUser(appID: String, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int { throw failure }
    func deleteEvents(before cutoff: Int64) async throws -> Int { throw failure }
    func contributions(appID: String, environment: String, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
                       medianPages: (@Sendable (ContributionScope) -> Set<Int32>)?) async throws
        -> ContributionScope { throw failure }
    func storedContributions(appID: String, environment: String) async throws -> StoredContributions { throw failure }
    func contributionSubjects(appID: String, environment: String, kind: ContributionKind, limit: Int) async throws -> [String] { throw failure }
    func appendAudit(_ entry: AuditEntry) async throws { throw failure }
    func auditEntries(_ query: AuditQuery) async throws -> AuditPage { throw failure }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WaypointTools
@testable import WaypointServer

@Suite("Health and metrics")
struct HealthRouteTests {
    @Test func healthIsOK() async throws {
        try await TestServer.run { client in
            let response = try await client.send("/health")
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
        }
    }

    @Test func metricsCountRequestsEventsAndPublishes() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            _ = try await client.document(key: app.production)
            _ = try await client.document(key: "wps_unknown")
            _ = try await client.postEvents(key: app.production, lines: [TestEvents.line("a"), TestEvents.line("a"), "7"])
            let response = try await client.send("/metrics")
            #expect(response.status == .ok)
            let text = response.text
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/document",status="200"} 1"#), "\(text)")
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/document",status="401"} 1"#))
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/apps",status="201"} 1"#))
            #expect(text.contains("waypoint_events_accepted_total 1"))
            #expect(text.contains("waypoint_events_duplicate_total 1"))
            #expect(text.contains("waypoint_events_rejected_total 1"))
            #expect(text.contains("waypoint_publishes_total 1"))
            #expect(!text.contains(app.production))
        }
    }
}

@Suite("Failures")
struct FailureRouteTests {
    /// A store that fails every call, as a database that went away.
    struct FailingStore: Store {
        struct Failure: Error {}
        func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws { throw Failure() }
        func app(id: String) async throws -> AppRecord? { throw Failure() }
        func apps() async throws -> [AppRecord] { throw Failure() }
        func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] { throw Failure() }
        func eventCount(appID: String, environment: String) async throws -> Int { throw Failure() }
        func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws -> AddedRevision { throw Failure() }
        func revisions(appID: String) async throws -> [RevisionSummary] { throw Failure() }
        func revision(appID: String, number: Int) async throws -> RevisionRecord? { throw Failure() }
        func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? { throw Failure() }
        func publications(appID: String, environment: String) async throws -> [PublicationRecord] { throw Failure() }
        func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? { throw Failure() }
        func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult { throw Failure() }
        func events(appID: String, environment: String?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage { throw Failure() }
        func eventsByUser(appID: String, environment: String?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
            throw Failure()
        }
        func flowIDs(appID: String, environment: String, limit: Int) async throws -> [String] {
            throw Failure()
        }
        func close() async throws {}
        func checkStorage() async throws { throw Failure() }
        func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? { throw Failure() }
        func keys(appID: String, environment: String) async throws -> [SDKKeySummary] { throw Failure() }
        func rotateKey(appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date, audit: AuditEntryOf<[SDKKeySummary]>?) async throws
            -> [SDKKeySummary] { throw Failure() }
        func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws -> SDKKeySummary { throw Failure() }
        func eraseUser(appID: String, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int { throw Failure() }
        func deleteEvents(before cutoff: Int64) async throws -> Int { throw Failure() }
        func contributions(appID: String, environment: String, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
                       medianPages: (@Sendable (ContributionScope) -> Set<Int32>)?) async throws
            -> ContributionScope { throw Failure() }
        func storedContributions(appID: String, environment: String) async throws -> StoredContributions { throw Failure() }
        func contributionSubjects(appID: String, environment: String, kind: ContributionKind, limit: Int) async throws -> [String] { throw Failure() }
        func appendAudit(_ entry: AuditEntry) async throws { throw Failure() }
        func auditEntries(_ query: AuditQuery) async throws -> AuditPage { throw Failure() }
    }

    @Test func aFailingStoreIsA500WithTheUsualErrorBody() async throws {
        try await TestServer.run(store: FailingStore()) { client in
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Fitness"}"#)
            #expect(response.status == .internalServerError)
            #expect(try response.errorCode() == "internal")
            #expect(try await client.document(key: "wps_anything").status == .internalServerError)
            // Errors meant for clients are unchanged.
            #expect(try await client.send("/v1/apps", .post, json: "{}").status == .unauthorized)
        }
    }
}

import Foundation
import Testing
@testable import WaypointServer

/// The stores that can run here: SQLite always, PostgreSQL when it is installed.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var available: [StoreKind] { PostgresServer.isInstalled ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind.
    func withStore<T: Sendable>(_ body: @Sendable (TestDatabase) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await TemporaryFiles.with { directory in
                try await body(try SQLiteStore(directory: directory))
            }
        case .postgres:
            return try await PostgresServer.withStore { try await body($0) }
        }
    }
}

@Suite("PostgreSQL availability")
struct PostgresAvailabilityTests {
    @Test func postgreSQLIsInstalledInContinuousIntegration() {
        if !PostgresServer.isInstalled {
            if PostgresServer.isCI {
                Issue.record("CI=true but \(PostgresServer.notInstalledMessage)")
            } else {
                print("note: PostgreSQL store tests skipped. \(PostgresServer.notInstalledMessage)")
            }
        }
    }
}

/// What the contract suites share: events, apps and readers that every repository's tests use.
/// Each repository has its own suite, run against every database (``StoreKind/available``:
/// SQLite, and PostgreSQL where it is installed, as in CI).
enum StoreContractTests {}

/// ``AppRepository``: apps, environments and SDK keys.
@Suite("App repository contract")
struct AppRepositoryContract {}

/// ``RevisionRepository``: revisions and publications.
@Suite("Revision repository contract")
struct RevisionRepositoryContract {}

/// ``EventRepository``: insertion, pages, erasure, retention and the per-user limits.
@Suite("Event repository contract")
struct EventRepositoryContract {}

/// ``ReportLedgerRepository``: contributions, their cells and the ledger's rebuilds.
@Suite("Report ledger repository contract")
struct ReportLedgerRepositoryContract {}

/// ``AuditRepository``: the audit log and its chain.
@Suite("Audit repository contract")
struct AuditRepositoryContract {}

/// ``StorageReadiness``: the check behind `GET /ready`.
@Suite("Storage readiness contract")
struct StorageReadinessContract {}

extension StoreContractTests {
    static func event(_ id: String, user: String = "u1", flow: String? = "signup", at timestamp: Int64 = 0) -> StoredEvent {
        StoredEvent(messageID: id, userID: user, flowID: flow, timestamp: timestamp, environment: "production", receivedAt: 1, line: "{\"m\":\"\(id)\"}")
    }

    static func makeApp(_ store: TestDatabase, _ id: AppID) async throws {
        try await store.apps.createApp(
            AppRecord(id: id, name: id.rawValue.capitalized, createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
            environments: [
                EnvironmentRecord(appID: id, name: "production", keyHash: "\(id)-p", keyPrefix: "wps_p-\(id)"),
                EnvironmentRecord(appID: id, name: "staging", keyHash: "\(id)-s", keyPrefix: "wps_s-\(id)"),
            ])
    }

    /// Events of several flows and users, with ties in time, users whose ids sort differently by
    /// byte and by locale, and a second app; inserted in this order.
    static let orderingEvents: [StoredEvent] = {
        let users = ["u2", "U1", "é", "z", "u10", "u2"]
        let flows: [String?] = ["signup", nil, "checkout", "signup", nil]
        return (0..<40).map { index in
            event("o\(index)", user: users[index % users.count], flow: flows[index % flows.count], at: Int64((index * 7) % 4))
        }
    }()

    /// What `eventsByUser` must answer for `flowID`: the events of that flow (nil: of no flow),
    /// by user id in byte order, then time, then arrival.
    static func expectedByUser(flowID: String?) -> [String] {
        orderingEvents.enumerated().filter { $0.element.flowID == flowID }
            .sorted { left, right in
                let (a, b) = (left.element, right.element)
                if a.userID != b.userID { return Array(a.userID.utf8).lexicographicallyPrecedes(Array(b.userID.utf8)) }
                return (a.timestamp, left.offset) < (b.timestamp, right.offset)
            }
            .map(\.element.line)
    }
}

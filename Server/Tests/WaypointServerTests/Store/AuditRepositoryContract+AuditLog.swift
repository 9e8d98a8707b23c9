import Foundation
import GRDB
import PostgresNIO
import Testing
import Waypoint
@testable import WaypointServer

/// The audit log in every store: entries added with the writes they record, read newest first
/// with filters and pages, and refused by the database itself when anything tries to change them.
extension StoreContractTests {
    static let auditStart = Date(timeIntervalSince1970: 1_800_000_000)

    static func auditEntry(
        _ action: AuditAction, app: String? = "fitness", actor: AuditActor = .adminToken, minutes: Double = 0,
        details: [String: JSONValue] = [:]
    ) -> AuditEntry {
        AuditEntry(
            at: auditStart.addingTimeInterval(minutes * 60), actor: actor, address: actor == .retention ? nil : "192.0.2.1",
            action: action, appID: app, environment: app == nil ? nil : "production", target: "t\(Int(minutes))", details: details)
    }
}

extension AuditRepositoryContract {
    @Test(arguments: StoreKind.available)
    func auditEntriesAreReadBackNewestFirstWithFiltersAndPages(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let preview: JSONValue = [
                "revision": 2, "flows": [["id": "signup", "inFlight": ["users": 4, "truncated": [["step": "splash", "users": 2]]]]],
                "publishedRevision": nil, "note": "ünïcode ✓ \"quoted\"",
            ]
            let written = [
                StoreContractTests.auditEntry(.appCreated, minutes: 0),
                StoreContractTests.auditEntry(.revisionPublished, minutes: 1, details: ["preview": preview, "confirmed": true]),
                StoreContractTests.auditEntry(.appCreated, app: "chess", minutes: 2),
                StoreContractTests.auditEntry(.eventsExpired, app: nil, actor: .retention, minutes: 3, details: ["deletedEvents": 12]),
                StoreContractTests.auditEntry(.keyRotated, actor: AuditActor(kind: .session, id: "ada", name: "Ada"), minutes: 4),
            ]
            for entry in written { try await store.audit.appendAudit(entry) }

            let all = try await store.audit.auditEntries(AuditQuery())
            #expect(all.next == nil)
            #expect(all.entries.map(\.id) == [5, 4, 3, 2, 1])
            var expected = written.reversed() as [AuditEntry]
            for index in expected.indices { expected[index].id = Int64(5 - index) }
            #expect(all.entries == expected)

            #expect(try await store.audit.auditEntries(AuditQuery(appID: "fitness")).entries.map(\.id) == [5, 2, 1])
            #expect(try await store.audit.auditEntries(AuditQuery(action: .appCreated)).entries.map(\.id) == [3, 1])
            #expect(try await store.audit.auditEntries(AuditQuery(appID: "chess", action: .appCreated)).entries.map(\.id) == [3])
            #expect(try await store.audit.auditEntries(AuditQuery(actorID: "retention")).entries.map(\.id) == [4])
            #expect(try await store.audit.auditEntries(AuditQuery(actorID: "ada")).entries.first?.actor == AuditActor(kind: .session, id: "ada", name: "Ada"))
            #expect(try await store.audit.auditEntries(AuditQuery(actorID: "' OR 1=1 --")).entries.isEmpty)
            let minute = { (m: Double) in StoreContractTests.auditStart.addingTimeInterval(m * 60) }
            #expect(try await store.audit.auditEntries(AuditQuery(since: minute(1), until: minute(3))).entries.map(\.id) == [3, 2])

            let first = try await store.audit.auditEntries(AuditQuery(limit: 2))
            #expect(first.entries.map(\.id) == [5, 4])
            #expect(first.next == 4)
            let second = try await store.audit.auditEntries(AuditQuery(after: first.next, limit: 2))
            #expect(second.entries.map(\.id) == [3, 2])
            let last = try await store.audit.auditEntries(AuditQuery(after: second.next, limit: 2))
            #expect(last.entries.map(\.id) == [1])
            #expect(last.next == nil)
            // A page exactly as long as what is left is the last one.
            #expect(try await store.audit.auditEntries(AuditQuery(after: 3, limit: 2)).next == nil)
        }
    }

    /// Each write records the entry its closure makes of what it did, in its own transaction; a
    /// write that fails records nothing.
    @Test(arguments: StoreKind.available)
    func aWriteAddsItsAuditEntryInItsOwnTransaction(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.apps.createApp(
                AppRecord(id: "fitness", name: "Fitness", createdAt: StoreContractTests.auditStart),
                environments: [
                    EnvironmentRecord(appID: "fitness", name: "production", keyHash: "p", keyPrefix: "wps_p"),
                    EnvironmentRecord(appID: "fitness", name: "staging", keyHash: "s", keyPrefix: "wps_s"),
                ],
                audit: StoreContractTests.auditEntry(.appCreated))
            await #expect(throws: StoreError.self) {
                try await store.apps.createApp(
                    AppRecord(id: "fitness", name: "Again", createdAt: StoreContractTests.auditStart), environments: [], audit: StoreContractTests.auditEntry(.appCreated))
            }
            let added = try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h", createdAt: StoreContractTests.auditStart) { added in
                StoreContractTests.auditEntry(.revisionUploaded, details: ["revision": .number(Double(added.revision)), "existing": .bool(added.existing)])
            }
            _ = try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h", createdAt: StoreContractTests.auditStart) { added in
                StoreContractTests.auditEntry(.revisionUploaded, details: ["revision": .number(Double(added.revision)), "existing": .bool(added.existing)])
            }
            _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: added.revision, at: StoreContractTests.auditStart) { previous in
                StoreContractTests.auditEntry(.revisionPublished, details: ["previousRevision": previous.map { .number(Double($0)) } ?? .null])
            }
            await #expect(throws: StoreError.self) {
                _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 9, at: StoreContractTests.auditStart) { _ in
                    StoreContractTests.auditEntry(.revisionPublished)
                }
            }
            let keys = try await store.apps.rotateKey(
                appID: "fitness", environment: "production", keyHash: "p2", prefix: "wps_p2", at: StoreContractTests.auditStart,
                previousUntil: StoreContractTests.auditStart.addingTimeInterval(60)
            ) { stored in StoreContractTests.auditEntry(.keyRotated, details: ["keys": .number(Double(stored.count))]) }
            #expect(keys.count == 2)
            _ = try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_p", at: StoreContractTests.auditStart) { key in
                StoreContractTests.auditEntry(.keyRevoked, details: ["keyPrefix": .string(key.prefix)])
            }
            await #expect(throws: StoreError.self) {
                _ = try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_p2", at: StoreContractTests.auditStart) { _ in
                    StoreContractTests.auditEntry(.keyRevoked)
                }
            }
            _ = try await store.insertEvents([StoreContractTests.event("m1", user: "gone"), StoreContractTests.event("m2", user: "gone"), StoreContractTests.event("m3", user: "stays")], appID: "fitness")
            let deleted = try await store.eraseUser(appID: "fitness", userID: "gone") { deleted in
                StoreContractTests.auditEntry(.userErased, details: ["userId": "gone", "deletedEvents": .number(Double(deleted))])
            }
            #expect(deleted == 2)

            let entries = try await store.audit.auditEntries(AuditQuery()).entries.reversed().map { ($0.action, $0.details) }
            #expect(entries.map(\.0) == [.appCreated, .revisionUploaded, .revisionUploaded, .revisionPublished, .keyRotated, .keyRevoked, .userErased])
            #expect(entries.map(\.1) == [
                [:], ["revision": 1, "existing": false], ["revision": 1, "existing": true], ["previousRevision": nil], ["keys": 2],
                ["keyPrefix": "wps_p"], ["userId": "gone", "deletedEvents": 2],
            ])
        }
    }

    /// The database refuses to change or delete an entry, whoever asks: the store has no such
    /// operation, and a statement written by hand fails.
    @Test(arguments: StoreKind.available)
    func theDatabaseRefusesToChangeOrDeleteAnAuditEntry(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.audit.appendAudit(StoreContractTests.auditEntry(.appCreated))
            let statements = [
                "UPDATE audit_log SET actor_id = 'someone-else'", "DELETE FROM audit_log", "UPDATE audit_log SET details = '{}' WHERE seq = 1",
            ] + (kind == .postgres ? ["TRUNCATE audit_log"] : [])
            for statement in statements {
                let failure = await #expect(throws: (any Error).self, "\(statement)") {
                    switch store {
                    case let store as SQLiteStore:
                        try await store.pool.write { db in try db.execute(sql: statement) }
                    case let store as PostgresStore:
                        for try await _ in try await store.client.query(PostgresQuery(unsafeSQL: statement), logger: store.logger) {}
                    default:
                        Issue.record("a store of an unknown kind")
                    }
                }
                let text = failure.map { String(reflecting: $0) } ?? ""
                #expect(text.contains(StoreSchema.auditLogIsAppendOnly), "\(statement): \(text)")
            }
            #expect(try await store.audit.auditEntries(AuditQuery()).entries == [{ var entry = StoreContractTests.auditEntry(.appCreated); entry.id = 1; return entry }()])
            // Adding goes on working.
            try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRevoked, minutes: 1))
            #expect(try await store.audit.auditEntries(AuditQuery()).entries.map(\.id) == [2, 1])
        }
    }
}

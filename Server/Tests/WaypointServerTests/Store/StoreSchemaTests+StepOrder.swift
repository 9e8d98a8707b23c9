import Foundation
import GRDB
import Testing
@testable import WaypointServer

/// Migration steps 5 (the audit log) and 6 (the people tables): a database that has run either one
/// only, as step 5, ends up with both and the schema of a new database.
extension StoreSchemaTests {
    /// Which of the two a database has: the audit log only (step 5 as this release numbers it), or
    /// the people tables only, from a build in which they were step 5.
    enum HadStepFive: String, CaseIterable, Sendable {
        case auditLog
        case people
    }

    /// Makes a new SQLite database at `directory` look like one that ran only `had` as step 5.
    static func sqliteWithOnly(_ had: HadStepFive, at directory: URL) async throws {
        try await SQLiteStore(directory: directory).close()
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('5-audit-log', '6-\(StoreSchema.peopleStepName)')")
            switch had {
            case .auditLog:
                for table in StoreSchema.peopleTables.reversed() { try db.execute(sql: "DROP TABLE \(table)") }
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('5-audit-log')")
            case .people:
                try db.execute(sql: "DROP TABLE audit_log")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('5-\(StoreSchema.peopleStepName)')")
            }
        }
        try queue.close()
    }

    @Test(arguments: HadStepFive.allCases)
    func aSQLiteDatabaseWithEitherStepFiveGetsTheOther(had: HadStepFive) async throws {
        try await TemporaryFiles.with { directory in
            let earlier = directory.appendingPathComponent("earlier")
            try await Self.sqliteWithOnly(had, at: earlier)
            let path = earlier.appendingPathComponent("waypoint.sqlite").path
            #expect(try Self.sqliteCatalog(path).contains { $0.hasPrefix(had == .people ? "audit_log " : "accounts ") } == false)

            let store = try SQLiteStore(directory: earlier)
            try await store.audit.appendAudit(AuditEntry(at: Date(), actor: .adminToken, address: nil, action: .appCreated, target: "fitness"))
            #expect(try await store.audit.auditEntries(AuditQuery()).entries.map(\.target) == ["fitness"])
            try await store.close()

            let fresh = directory.appendingPathComponent("fresh")
            try await SQLiteStore(directory: fresh).close()
            #expect(try Self.sqliteCatalog(path) == Self.sqliteCatalog(fresh.appendingPathComponent("waypoint.sqlite").path))
        }
    }

    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"), arguments: HadStepFive.allCases)
    func aPostgresDatabaseWithEitherStepFiveGetsTheOther(had: HadStepFive) async throws {
        let fresh = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: fresh) { _ in }
        let earlier = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: earlier) { _ in }
        // Version 5 is the last step it ran, whichever it was (the steps after it run again, doing nothing where they ran).
        switch had {
        case .auditLog:
            _ = try PostgresServer.psql(url: earlier, """
                \(StoreMigrations.forgettingPostgres(from: "6-" + StoreSchema.peopleStepName));
                DROP TABLE \(StoreSchema.peopleTables.reversed().joined(separator: ", "));
                """)
        case .people:
            _ = try PostgresServer.psql(url: earlier, """
                \(StoreMigrations.forgettingPostgres(from: "6-" + StoreSchema.peopleStepName));
                DROP TABLE audit_log;
                DROP FUNCTION audit_log_refuse_change();
                """)
        }
        #expect(try PostgresServer.schema(url: earlier) != PostgresServer.schema(url: fresh))
        try await PostgresServer.withStore(url: earlier) { store in
            try await store.audit.appendAudit(AuditEntry(at: Date(), actor: .adminToken, address: nil, action: .appCreated, target: "fitness"))
            #expect(try await store.audit.auditEntries(AuditQuery()).entries.map(\.target) == ["fitness"])
        }
        #expect(try PostgresServer.schema(url: earlier) == PostgresServer.schema(url: fresh))
        // The audit log refuses changes there as in a new database.
        #expect(throws: (any Error).self) { try PostgresServer.psql(url: earlier, "DELETE FROM audit_log;") }
    }
}

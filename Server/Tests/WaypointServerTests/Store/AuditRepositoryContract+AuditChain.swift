import Foundation
import GRDB
import Logging
import Testing
import Waypoint
@testable import WaypointServer

/// The audit log's chain in every store: entries added by every way in verify, and an entry
/// changed, deleted or inserted behind the server's back (its triggers dropped first) is named by
/// `audit verify`; entries stored before the chain existed are chained by the migration.
extension StoreContractTests {
    /// A store of `kind` whose audit log a test can verify and tamper with, as the database's owner would.
    struct ChainedLog: Sendable {
        /// Verifies the log as `waypoint-server audit verify` does, with its key or another one.
        let verify: @Sendable (AuditKey?) async throws -> AuditVerification
        /// Runs SQL statements behind the server's back (as PostgreSQL's superuser, or on the SQLite file).
        let tamper: @Sendable (String) async throws -> Void
    }

    /// Runs `body` with a new store of `kind` and its log; a SQLite log is verified and tampered
    /// with in a copy of its data folder made by `waypoint-server backup` (with the key), as a
    /// restored backup is.
    static func withChainedLog(_ kind: StoreKind, _ body: @Sendable (TestDatabase, @Sendable () async throws -> ChainedLog) async throws -> Void)
        async throws {
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                let store = try SQLiteStore(directory: directory.appendingPathComponent("data"))
                try await body(store) {
                    let copy = directory.appendingPathComponent("copy-\(UUID().uuidString.prefix(8))")
                    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
                    _ = try SQLiteBackup.copy(directory: directory.appendingPathComponent("data"), to: copy.appendingPathComponent("waypoint.sqlite"))
                    try FileManager.default.copyItem(
                        at: directory.appendingPathComponent("data/audit.key"), to: copy.appendingPathComponent("audit.key"))
                    let key = try AuditKey.load(file: copy.appendingPathComponent("audit.key").path)
                    return ChainedLog(
                        verify: { try await AuditVerification.verify(data: copy, key: $0 ?? key) },
                        tamper: { sql in
                            let queue = try DatabaseQueue(path: copy.appendingPathComponent("waypoint.sqlite").path)
                            try await queue.write { db in try db.execute(sql: sql) }
                            try queue.close()
                        })
                }
                try await store.close()
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: url) { store in
                try await body(store) {
                    let logger = { var logger = Logger(label: "waypoint-server-tests.audit"); logger.logLevel = .warning; return logger }()
                    let key = try TestServer.auditKey()
                    return ChainedLog(
                        verify: { try await AuditVerification.verify(database: url, key: $0 ?? key, logger: logger) },
                        tamper: { sql in try PostgresServer.psql(url: url, sql) })
                }
            }
        }
    }
}

extension AuditRepositoryContract {
    /// Entries of every way in (a store write, a change to people, an entry of its own) verify; an
    /// entry changed, then deleted, then one inserted by hand are each named as the first that does not.
    @Test(arguments: StoreKind.available)
    func theAuditLogVerifiesUntilAnEntryIsChangedDeletedOrInserted(kind: StoreKind) async throws {
        try await StoreContractTests.withChainedLog(kind) { store, makeLog in
            try await store.apps.createApp(
                AppRecord(id: "fitness", name: "Fitness", createdAt: StoreContractTests.auditStart),
                environments: [EnvironmentRecord(appID: "fitness", name: "production", keyHash: "p", keyPrefix: "wps_p")],
                audit: StoreContractTests.auditEntry(.appCreated))
            let people = try PeopleStoreTests.people(store)
            _ = try await people.createAccount(email: "ada@example.com", name: "Ada", role: .owner, password: "correct horse battery", by: .testing)
            for minute in 1...3 { try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRotated, minutes: Double(minute), details: ["n": .number(Double(minute))])) }

            let log = try await makeLog()
            let intact = try await log.verify(nil)
            #expect(intact.outcome == .intact(entries: 5, newest: intact.newest), "\(intact.message)")
            #expect(intact.message.hasPrefix("audit log intact: 5 entries\nnewest entry: #5, chain value "))
            // Another key verifies nothing, and the message says the key may be why.
            let otherKey = try await log.verify(try AuditKey(String(repeating: "k", count: 40), source: "another key"))
            #expect(otherKey.outcome == .altered(entry: 1, verified: 0, problem: otherKey.problem ?? ""))
            #expect(otherKey.message.contains("the key (from another key) is not the one the log was chained with"))

            // Triggers dropped, one entry's actor changed: that entry is named, the two before it verify.
            try await log.tamper(kind == .postgres
                ? "DROP TRIGGER audit_log_no_change ON audit_log"
                : "DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete")
            try await log.tamper("UPDATE audit_log SET actor_name = 'Someone else' WHERE seq = 3")
            let changed = try await log.verify(nil)
            #expect(!changed.isIntact)
            #expect(changed.outcome == .altered(
                entry: 3, verified: 2, problem: "does not verify: it was changed, or entries were deleted, inserted or moved between #2 and it"),
                "\(changed.message)")
            #expect(changed.message.hasPrefix("audit log altered: entry #3 does not verify"))
            #expect(changed.message.contains("To proceed:"))
            // Changed back, it verifies again: the chain covers what the entry says, nothing else.
            try await log.tamper("UPDATE audit_log SET actor_name = 'Admin token' WHERE seq = 3")
            #expect(try await log.verify(nil).isIntact)

            // An entry inserted at the end with the chain value of the one before it is named.
            try await log.tamper("""
                INSERT INTO audit_log (at_ms, actor_kind, actor_id, actor_name, action, details, chain)
                SELECT at_ms, actor_kind, actor_id, actor_name, action, details, chain FROM audit_log WHERE seq = 5
                """)
            let inserted = try await log.verify(nil)
            #expect(inserted.outcome == .altered(entry: 6, verified: 5, problem: inserted.problem ?? ""), "\(inserted.message)")
            try await log.tamper("DELETE FROM audit_log WHERE seq > 5")
            #expect(try await log.verify(nil).isIntact)
            // So is one with no chain value at all.
            try await log.tamper("INSERT INTO audit_log (at_ms, actor_kind, actor_id, actor_name, action, details) VALUES (1, 'a', 'b', 'c', 'd', '{}')")
            let unchained = try await log.verify(nil)
            #expect(unchained.message.contains("has no chain value"), "\(unchained.message)")
            if case .altered(let entry, let verified, _) = unchained.outcome {
                #expect(entry > 5 && verified == 5)
            } else {
                Issue.record("not named: \(unchained.message)")
            }
            try await log.tamper("DELETE FROM audit_log WHERE seq > 5")

            // An entry deleted: the one after it no longer follows the one before.
            try await log.tamper("DELETE FROM audit_log WHERE seq = 2")
            let deleted = try await log.verify(nil)
            #expect(deleted.outcome == .altered(entry: 3, verified: 1, problem: deleted.problem ?? ""), "\(deleted.message)")
            #expect(deleted.message.contains("between #1 and it"))
        }
    }
}

extension AuditRepositoryContract {
    /// A database whose entries were stored before the chain existed (no `chain` column, no step,
    /// no key) is not chained until a server opens it; then every entry verifies, new ones too, and
    /// the log still refuses changes.
    @Test(arguments: StoreKind.available)
    func entriesStoredBeforeTheChainAreChainedByTheMigration(kind: StoreKind) async throws {
        let refuse = "UPDATE audit_log SET actor_name = 'x'"
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                let store = try SQLiteStore(directory: directory)
                for minute in 0..<3 { try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRotated, minutes: Double(minute))) }
                try await store.close()
                let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
                try await queue.write { db in
                    try db.execute(sql: "ALTER TABLE audit_log DROP COLUMN chain")
                    try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: ["11-" + StoreSchema.auditChainStepName])
                }
                try queue.close()
                try FileManager.default.removeItem(at: directory.appendingPathComponent("audit.key"))
                #expect(try await AuditVerification.verify(data: directory, key: try TestServer.auditKey()).outcome == .notChained)

                let reopened = try SQLiteStore(directory: directory)
                try await reopened.audit.appendAudit(StoreContractTests.auditEntry(.keyRevoked, minutes: 4))
                await #expect(throws: (any Error).self) { try await reopened.pool.write { db in try db.execute(sql: refuse) } }
                try await reopened.close()
                let key = try AuditKey.load(file: directory.appendingPathComponent("audit.key").path)
                #expect(try await AuditVerification.verify(data: directory, key: key).message.hasPrefix("audit log intact: 4 entries"))
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: url) { store in
                for minute in 0..<3 { try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRotated, minutes: Double(minute))) }
            }
            try PostgresServer.psql(url: url, "ALTER TABLE audit_log DROP COLUMN chain; " + StoreMigrations.forgettingPostgres(from: "11-" + StoreSchema.auditChainStepName))
            var logger = Logger(label: "waypoint-server-tests.audit")
            logger.logLevel = .warning
            let key = try TestServer.auditKey()
            #expect(try await AuditVerification.verify(database: url, key: key, logger: logger).outcome == .notChained)
            try await PostgresServer.withStore(url: url) { store in
                try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRevoked, minutes: 4))
            }
            #expect(throws: (any Error).self) { try PostgresServer.psql(url: url, refuse) }
            #expect(try await AuditVerification.verify(database: url, key: key, logger: logger).message.hasPrefix("audit log intact: 4 entries"))
        }
    }

    /// Two stores on one database (as two server processes are) appending at once never fork the
    /// chain: each append reads the last entry's value and adds the next under one lock.
    @Test(arguments: StoreKind.available)
    func appendsFromTwoStoresAtOnceKeepOneChain(kind: StoreKind) async throws {
        let perStore = 25
        @Sendable func appendConcurrently(_ first: TestDatabase, _ second: TestDatabase) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in [first, second].enumerated() {
                    group.addTask {
                        for minute in 0..<perStore {
                            try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRotated, minutes: Double(minute), details: ["store": .number(Double(index))]))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                let first = try SQLiteStore(directory: directory)
                let second = try SQLiteStore(directory: directory)
                try await appendConcurrently(first, second)
                try await first.close()
                try await second.close()
                let key = try AuditKey.load(file: directory.appendingPathComponent("audit.key").path)
                let verification = try await AuditVerification.verify(data: directory, key: key)
                #expect(verification.message.hasPrefix("audit log intact: \(2 * perStore) entries"), "\(verification.message)")
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: url) { first in
                try await PostgresServer.withStore(url: url) { second in try await appendConcurrently(first, second) }
            }
            let logger = { var logger = Logger(label: "waypoint-server-tests.audit"); logger.logLevel = .warning; return logger }()
            let verification = try await AuditVerification.verify(database: url, key: try TestServer.auditKey(), logger: logger)
            #expect(verification.message.hasPrefix("audit log intact: \(2 * perStore) entries"), "\(verification.message)")
        }
    }

    /// A new SQLite data folder gets a private key file; a chained log whose key file is missing
    /// does not open (a new key would not verify it), and says how to put the key back.
    @Test func aSQLiteFolderKeepsItsKeyAndRefusesToLoseIt() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let keyFile = directory.appendingPathComponent("audit.key").path
            let attributes = try FileManager.default.attributesOfItem(atPath: keyFile)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try String(contentsOfFile: keyFile, encoding: .utf8).count == 65)
            try await store.audit.appendAudit(StoreContractTests.auditEntry(.appCreated))
            try await store.close()
            // Opened again, the same key: the log goes on verifying.
            try await SQLiteStore(directory: directory).close()
            #expect(try await AuditVerification.verify(data: directory, key: try AuditKey.load(file: keyFile)).isIntact)

            try FileManager.default.removeItem(atPath: keyFile)
            let refusal = #expect(throws: ConfigurationError.self) { _ = try SQLiteStore(directory: directory) }
            #expect(refusal?.description.contains("\(keyFile) is missing, but the audit log in this folder was chained with a key") == true)
            #expect(!FileManager.default.fileExists(atPath: keyFile))
        }
    }
}

extension AuditVerification {
    /// The newest entry of an intact log.
    var newest: NewestEntry? {
        if case .intact(_, let newest) = outcome { return newest }
        return nil
    }

    /// The entry named as the first that does not verify.
    var entryNamed: Int64? {
        if case .altered(let entry, _, _) = outcome { return entry }
        return nil
    }

    /// The problem of the entry named.
    var problem: String? {
        if case .altered(_, _, let problem) = outcome { return problem }
        return nil
    }
}

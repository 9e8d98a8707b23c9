import Foundation
import Logging
import ServiceLifecycle

/// Whether the audit log is as the servers wrote it: `waypoint-server audit verify`
/// (docs/ARCHITECTURE.md, "The audit log").
///
/// Reads every entry oldest first and recomputes its chain value from its content and the value
/// of the entry before it (``AuditChain``); the first entry whose value differs is where the log
/// was altered: that entry was changed, or entries just before it were deleted, inserted or moved.
public struct AuditVerification: Sendable, Equatable {
    /// What the verification found.
    public enum Outcome: Sendable, Equatable {
        /// Every entry verifies; `newest` is the last entry's number and chain value (nil for an empty log).
        case intact(entries: Int, newest: NewestEntry?)
        /// Entry `entry` is the first that does not verify, for `problem`; the `verified` entries before it do.
        case altered(entry: Int64, verified: Int, problem: String)
        /// The log has no chain yet: no server of this version has opened the database.
        case notChained
    }

    /// The newest entry of an intact log, to note down: removing entries from the end of the log
    /// leaves a shorter log that verifies, whose newest entry is then older than this one.
    public struct NewestEntry: Sendable, Equatable {
        public let id: Int64
        public let chain: String
    }

    /// The rows read per query.
    static let pageSize = 1000

    public let outcome: Outcome
    /// Where the key came from, for the message.
    let keySource: String

    /// Whether every entry verifies.
    public var isIntact: Bool {
        if case .intact = outcome { return true }
        return false
    }

    /// The verification in words: `audit log intact: N entries`, or the first entry that does not
    /// verify and what to do.
    public var message: String {
        switch outcome {
        case .intact(let entries, let newest):
            let count = "audit log intact: \(entries) entr\(entries == 1 ? "y" : "ies")"
            guard let newest else { return count }
            return count + "\nnewest entry: #\(newest.id), chain value \(newest.chain) (note it down: a log cut short after it "
                + "would still verify, but its newest entry would be older)"
        case .altered(let entry, let verified, let problem):
            return "audit log altered: entry #\(entry) \(problem). The \(verified) entr\(verified == 1 ? "y" : "ies") before it verify; "
                + "from #\(entry) on, the log cannot be trusted.\n"
                + "To proceed: keep this database as it is (copy it, with its key) to investigate; restore the newest backup whose log "
                + "verifies into another folder or database and compare its entries with these from #\(entry) on (GET /v1/audit) to see "
                + "what was changed; then find who could write to the database, and change its passwords and the audit key."
        case .notChained:
            return "the audit log has no chain yet: no server of this version has opened this database. Start the server on it once "
                + "(it chains the entries stored so far), then verify again."
        }
    }

    /// Verifies the log `reader` reads with `key`.
    static func verify(_ reader: any AuditRowReader, key: AuditKey) async throws -> AuditVerification {
        guard try await reader.hasAuditChain() else { return AuditVerification(outcome: .notChained, keySource: key.source) }
        let chain = AuditChain(key: key)
        var verified = 0
        var previous: AuditRow?
        while true {
            let rows = try await reader.storedAuditRows(after: previous?.seq ?? 0, limit: pageSize)
            for row in rows {
                if let problem = Self.problem(of: row, after: previous, chain: chain, keySource: key.source) {
                    return AuditVerification(outcome: .altered(entry: row.seq, verified: verified, problem: problem), keySource: key.source)
                }
                verified += 1
                previous = row
            }
            if rows.count < pageSize { break }
        }
        let newest = previous.flatMap { row in row.chain.map { NewestEntry(id: row.seq, chain: $0) } }
        return AuditVerification(outcome: .intact(entries: verified, newest: newest), keySource: key.source)
    }

    /// Why `row` does not verify after `previous` (nil for the first entry); nil when it does.
    static func problem(of row: AuditRow, after previous: AuditRow?, chain: AuditChain, keySource: String) -> String? {
        guard let stored = row.chain else {
            return "has no chain value: it was added without the server's key, by hand or by a server older than this one"
        }
        guard chain.value(of: row, after: previous?.chain) != stored else { return nil }
        guard let previous else {
            return "does not verify: it was changed, or the entries before it were deleted, or the key (from \(keySource)) is not "
                + "the one the log was chained with"
        }
        return "does not verify: it was changed, or entries were deleted, inserted or moved between #\(previous.seq) and it"
    }

    /// Verifies the log of the SQLite data folder `directory`, read as it is (not migrated), with `key`.
    public static func verify(data directory: URL, key: AuditKey) async throws -> AuditVerification {
        try await verify(SQLiteAuditRows(directory: directory), key: key)
    }

    /// Verifies the log of the PostgreSQL database at `url`, read as it is (not migrated), with `key`.
    public static func verify(database url: String, key: AuditKey, logger: Logger) async throws -> AuditVerification {
        let store = try PostgresStore(url: url, auditKey: key, logger: logger)
        try await store.checkConnection()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let service = store.service
            group.addTask { try await service.run() }
            defer { group.cancelAll() }
            return try await verify(store, key: key)
        }
    }
}

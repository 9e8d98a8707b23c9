import Foundation
import Logging
import PostgresNIO

/// The audit log in PostgreSQL: entries are added inside the transaction of the action they record,
/// each chained to the one before (``AuditChain``) under an advisory lock held until the
/// transaction ends, so appends from several server processes never fork the chain; a trigger
/// refuses every change, deletion or truncation (``StoreSchema/auditLogStep(in:)``).
extension PostgresStore: AuditRowReader {
    /// Adds `entry` (when there is one) in the transaction of `connection`, chained to the last entry.
    static func append(_ entry: AuditEntry?, _ connection: PostgresConnection, chain: AuditChain, logger: Logger) async throws {
        guard let entry else { return }
        // Held until the transaction ends: the next append reads this entry's value only once it is committed.
        try await connection.query("SELECT pg_advisory_xact_lock(\(AuditChain.lockKey))", logger: logger)
        var previous: String?
        for try await value in try await connection.query("SELECT chain FROM audit_log ORDER BY seq DESC LIMIT 1", logger: logger)
            .decode(String?.self) {
            previous = value
        }
        var row = entry.withoutNULs.row
        row.chain = chain.value(of: row, after: previous)
        try await connection.query(PostgresQuery(row.insertStatement(in: .postgres)), logger: logger)
    }

    func hasAuditChain() async throws -> Bool {
        var found = false
        for try await _ in try await client.query(
            """
            SELECT 1 FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'audit_log' AND column_name = 'chain'
            """, logger: logger) {
            found = true
        }
        return found
    }

    func storedAuditRows(after seq: Int64, limit: Int) async throws -> [AuditRow] {
        let rows = try await client.query(PostgresQuery(AuditRow.readStatement(after: seq, limit: limit, in: .postgres)), logger: logger)
        return try await Self.auditRows(rows)
    }

    /// The rows of a query of ``AuditRow/readStatement(after:limit:in:)``.
    private static func auditRows(_ rows: PostgresRowSequence) async throws -> [AuditRow] {
        var read: [AuditRow] = []
        for try await (seq, at, kind, actorID, actorName, address, action, appID, environment, target, details, chain) in rows.decode(
            (Int64, Int64, String, String, String, String?, String, String?, String?, String?, String, String?).self) {
            read.append(AuditRow(
                seq: seq, atMilliseconds: at, actorKind: kind, actorID: actorID, actorName: actorName, address: address, action: action,
                appID: appID, environment: environment, target: target, details: details, chain: chain))
        }
        return read
    }

    /// After the migration step that adds the `chain` column (``StoreSchema/auditChainStepName``):
    /// chains the entries stored before, oldest first, with `chain`'s key; the trigger that refuses
    /// changes is lifted for it, in the migration's transaction.
    static func chainAuditLog(_ connection: PostgresConnection, chain: AuditChain, logger: Logger) async throws {
        try await connection.query("ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change", logger: logger)
        var last: Int64 = 0
        var previous: String?
        while true {
            let rows = try await auditRows(
                try await connection.query(PostgresQuery(AuditRow.readStatement(after: last, limit: 1000, in: .postgres)), logger: logger))
            let values = chain.missingValues(rows, after: previous)
            for (seq, value) in values {
                try await connection.query("UPDATE audit_log SET chain = \(value) WHERE seq = \(seq)", logger: logger)
            }
            guard let end = rows.last else { break }
            last = end.seq
            previous = end.chain ?? values.last?.chain
        }
        try await connection.query("ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change", logger: logger)
    }
}

extension AuditEntry {
    /// The entry with U+0000, which PostgreSQL text cannot hold, replaced by U+FFFD in its texts.
    var withoutNULs: AuditEntry {
        func clean(_ text: String) -> String { text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") }
        var entry = self
        entry.target = target.map(clean)
        entry.appID = appID.map(clean)
        entry.environment = environment.map(clean)
        entry.address = address.map(clean)
        return entry
    }
}

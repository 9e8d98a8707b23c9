import Foundation
import GRDB

/// The audit log in SQLite: entries are added inside the transaction of the action they record;
/// triggers refuse every change or deletion (``StoreSchema/auditLogStep(in:)``).
extension SQLiteStore {
    public func appendAudit(_ entry: AuditEntry) async throws {
        try await pool.write { db in try Self.append(entry, db) }
    }

    public func auditEntries(_ query: AuditQuery) async throws -> AuditPage {
        let statement = query.statement(in: .sqlite)
        let entries = try await pool.read { db in
            try Row.fetchAll(db, sql: statement.text, arguments: statement.arguments).map { row in
                AuditEntry.fromRow(
                    seq: row[0], atMilliseconds: row[1], actorKind: row[2], actorID: row[3], actorName: row[4], address: row[5], action: row[6],
                    appID: row[7], environment: row[8], target: row[9], details: row[10])
            }
        }
        return AuditEntry.page(entries, limit: query.limit)
    }

    /// Adds `entry` (when there is one) in the transaction of `db`.
    static func append(_ entry: AuditEntry?, _ db: Database) throws {
        guard let entry else { return }
        let statement = entry.insertStatement(in: .sqlite)
        try db.execute(sql: statement.text, arguments: statement.arguments)
    }
}

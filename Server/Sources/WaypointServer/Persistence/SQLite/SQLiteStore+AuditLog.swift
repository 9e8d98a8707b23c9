import Foundation
import GRDB

/// The audit log in SQLite: entries are added inside the transaction of the action they record,
/// each chained to the one before (``AuditChain``; SQLite runs one writing transaction at a time,
/// so reading the last entry and adding the next is never interleaved); triggers refuse every
/// change or deletion (``StoreSchema/auditLogStep(in:)``).
extension SQLiteStore {
    /// Adds `entry` (when there is one) in the transaction of `db`, chained to the last entry.
    func appendChained(_ entry: AuditEntry?, _ db: Database) throws {
        guard let entry else { return }
        let previous = try String.fetchOne(db, sql: "SELECT chain FROM audit_log ORDER BY seq DESC LIMIT 1")
        var row = entry.row
        row.chain = auditChain.value(of: row, after: previous)
        let statement = row.insertStatement(in: .sqlite)
        try db.execute(sql: statement.text, arguments: statement.arguments)
    }

    /// Up to `limit` stored rows after `seq`, oldest first, with their chain values.
    static func storedAuditRows(_ db: Database, after seq: Int64, limit: Int) throws -> [AuditRow] {
        let statement = AuditRow.readStatement(after: seq, limit: limit, in: .sqlite)
        return try Row.fetchAll(db, sql: statement.text, arguments: statement.arguments).map { row in
            AuditRow(
                seq: row[0], atMilliseconds: row[1], actorKind: row[2], actorID: row[3], actorName: row[4], address: row[5], action: row[6],
                appID: row[7], environment: row[8], target: row[9], details: row[10], chain: row[11])
        }
    }

    /// The work of the migration step that chains the audit log (``StoreSchema/auditChainStepName``),
    /// after its statement added the `chain` column: chains the entries stored before, oldest first, with
    /// `chain`'s key; the trigger that refuses updates is lifted for it and put back.
    static func chainAuditLog(_ db: Database, chain: AuditChain) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS audit_log_no_update")
        var last: Int64 = 0
        var previous: String?
        while true {
            let rows = try storedAuditRows(db, after: last, limit: 1000)
            for (seq, value) in chain.missingValues(rows, after: previous) {
                try db.execute(sql: "UPDATE audit_log SET chain = ? WHERE seq = ?", arguments: [value, seq])
            }
            guard let end = rows.last else { break }
            last = end.seq
            previous = try String.fetchOne(db, sql: "SELECT chain FROM audit_log WHERE seq = ?", arguments: [end.seq])
        }
        for statement in StoreSchema.auditLogStep(in: .sqlite) { try db.execute(sql: statement) }
    }
}

/// The audit log of an SQLite data folder read as it is, for `waypoint-server audit verify`:
/// opened read-only, never migrated, so checking a copy changes nothing in it.
struct SQLiteAuditRows: AuditRowReader {
    let queue: DatabaseQueue

    /// Opens `DIRECTORY/waypoint.sqlite` read-only; throws when there is no such file.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent("waypoint.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigurationError("there is no database at \(path); pass the folder the server runs with to --data.")
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw StoreError.cannotOpenDatabase(path: path, reason: "\(error)")
        }
    }

    func hasAuditChain() async throws -> Bool {
        try await queue.read { db in
            try db.tableExists("audit_log") && db.columns(in: "audit_log").contains { $0.name == "chain" }
        }
    }

    func storedAuditRows(after seq: Int64, limit: Int) async throws -> [AuditRow] {
        try await queue.read { db in try SQLiteStore.storedAuditRows(db, after: seq, limit: limit) }
    }
}

import Foundation
import Logging
import PostgresNIO

/// The audit log in PostgreSQL: entries are added inside the transaction of the action they record;
/// a trigger refuses every change, deletion or truncation (``StoreSchema/auditLogStep(in:)``).
extension PostgresStore {
    public func appendAudit(_ entry: AuditEntry) async throws {
        let logger = logger
        try await transaction { connection in try await Self.append(entry, connection, logger: logger) }
    }

    public func auditEntries(_ query: AuditQuery) async throws -> AuditPage {
        var entries: [AuditEntry] = []
        let rows = try await client.query(PostgresQuery(query.statement(in: .postgres)), logger: logger)
        for try await (seq, at, kind, actorID, actorName, address, action, appID, environment, target, details) in rows.decode(
            (Int64, Int64, String, String, String, String?, String, String?, String?, String?, String).self) {
            entries.append(AuditEntry.fromRow(
                seq: seq, atMilliseconds: at, actorKind: kind, actorID: actorID, actorName: actorName, address: address, action: action,
                appID: appID, environment: environment, target: target, details: details))
        }
        return AuditEntry.page(entries, limit: query.limit)
    }

    /// Adds `entry` (when there is one) in the transaction of `connection`.
    static func append(_ entry: AuditEntry?, _ connection: PostgresConnection, logger: Logger) async throws {
        guard let entry else { return }
        try await connection.query(PostgresQuery(entry.withoutNULs.insertStatement(in: .postgres)), logger: logger)
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

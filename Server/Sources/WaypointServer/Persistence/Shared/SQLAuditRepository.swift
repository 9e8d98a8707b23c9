/// The audit log, written once over ``SQLRows`` for both databases (docs/ARCHITECTURE.md, "The
/// audit log"): an entry is appended by the database, chained to the one before, in a transaction
/// of its own; a page is one query (``AuditQuery/query``).
struct SQLAuditRepository: AuditRepository {
    let sql: any SQLRows

    func appendAudit(_ entry: AuditEntry) async throws {
        try await sql.perform(.run([entry.insertQuery(in: sql.dialect)]) { _ in .done(()) })
    }

    func auditEntries(_ query: AuditQuery) async throws -> AuditPage {
        let entries = try await sql.read(query.query).map { row in
            AuditEntry.fromRow(
                seq: try row.integer(0), atMilliseconds: try row.integer(1), actorKind: try row.text(2), actorID: try row.text(3),
                actorName: try row.text(4), address: row[5]?.text, action: try row.text(6), appID: row[7]?.text, environment: row[8]?.text,
                target: row[9]?.text, details: try row.text(10))
        }
        return AuditEntry.page(entries, limit: query.limit)
    }
}

/// The audit log's rows as stored, with their chain values, oldest first: what
/// ``AuditVerification`` reads (an SQLite file opened read-only, or a PostgreSQL database).
protocol AuditRowReader: Sendable {
    /// Whether the log has its `chain` column (a database no server of this version has opened has not).
    func hasAuditChain() async throws -> Bool
    /// Up to `limit` rows after the row `seq`, oldest first.
    func storedAuditRows(after seq: Int64, limit: Int) async throws -> [AuditRow]
}

import Foundation

/// The audit log (docs/ARCHITECTURE.md, "The audit log"). ``SQLiteStore`` and ``PostgresStore``
/// implement it and pass the same contract tests.
public protocol AuditRepository: Sendable {
    /// Adds an entry to the audit log, in a transaction of its own, chained to the entry before
    /// (``AuditChain``). The log is append-only: the protocol has no way to change or delete an
    /// entry, and the database refuses both.
    func appendAudit(_ entry: AuditEntry) async throws

    /// A page of the audit log's entries that match `query`, newest first.
    func auditEntries(_ query: AuditQuery) async throws -> AuditPage
}

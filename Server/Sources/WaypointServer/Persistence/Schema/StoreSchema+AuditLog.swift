import Foundation
/// The migration step that adds the audit log, and the triggers that keep it append-only
/// (docs/ARCHITECTURE.md, "The audit log").
extension StoreSchema {
    /// The words the database refuses a change or deletion of an audit entry with.
    static let auditLogIsAppendOnly = "the audit log is append-only: its entries cannot be changed or deleted"

    /// The step, in `dialect`: the `audit_log` table and its index when missing, and triggers that
    /// refuse every `UPDATE` and `DELETE` of it (and, in PostgreSQL, `TRUNCATE`). It does nothing on
    /// a database that has them, so it runs on a new database as on one of the earlier release.
    static func auditLogStep(in dialect: SQLDialect) -> [String] {
        let schema = StoreSchema.current
        let index = schema.indexStatement(schema.index("audit_log_by_app"), in: dialect)
            .replacingOccurrences(of: "CREATE INDEX ", with: "CREATE INDEX IF NOT EXISTS ")
        let table = addingTable("audit_log", in: dialect)
        switch dialect {
        case .sqlite:
            return [table, index] + ["UPDATE", "DELETE"].map { operation in
                """
                CREATE TRIGGER IF NOT EXISTS audit_log_no_\(operation.lowercased()) BEFORE \(operation) ON audit_log
                BEGIN SELECT RAISE(ABORT, '\(auditLogIsAppendOnly)'); END
                """
            }
        case .postgres:
            return [
                table, index,
                """
                CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION '\(auditLogIsAppendOnly)' USING ERRCODE = 'insufficient_privilege'; END $$
                """,
                // Dropped first rather than `CREATE OR REPLACE TRIGGER`, which PostgreSQL before 14 lacks.
                "DROP TRIGGER IF EXISTS audit_log_no_change ON audit_log",
                """
                CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
                FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()
                """,
                "DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log",
                """
                CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
                FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()
                """,
            ]
        }
    }

    /// The name of the migration step that chains the audit log (``AuditChain``).
    static let auditChainStepName = "audit-chain"
}

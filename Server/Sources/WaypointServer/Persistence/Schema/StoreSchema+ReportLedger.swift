import WaypointTools

/// The table that records which version of the report rules built the report ledger, and the
/// migration step that adds it (docs/ARCHITECTURE.md, "The ledger's version").
///
/// The ledger (StoreSchema+Contributions.swift) holds sums computed by ``Contributions`` under the
/// rules of ``ReportRules/version``. A store whose ledger was built by another version rebuilds it
/// from the events when the server starts (``ReportLedger``), and until then answers no report
/// and takes no event: each transaction that reads or changes the ledger checks this row first.
extension StoreSchema {
    /// The name of the migration step that adds `report_ledger`.
    static let reportLedgerStepName = "report-ledger-version"

    /// `report_ledger`: one row (`id` 1), the version of the rules its sums were computed with and
    /// when (milliseconds since 1970; 0 when the step recorded what an earlier release had built).
    static let reportLedgerTable = Table(
        name: "report_ledger",
        columns: [Column("id", .bigInteger), Column("version", .bigInteger), Column("built_at", .bigInteger)],
        primaryKey: ["id"])

    /// The statements of the step, in `dialect`: the table, then its row. A ledger over stored
    /// events was built by the rules of the releases before this step, version 1; an empty one
    /// (a new database) is what every version builds, so it gets this build's.
    static func reportLedgerStep(in dialect: SQLDialect) -> [String] {
        [
            tableStatement(reportLedgerTable, in: dialect, ifNotExists: true),
            """
            INSERT INTO report_ledger (id, version, built_at)
            SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM events) THEN 1 ELSE \(ReportRules.version) END, 0
            WHERE NOT EXISTS (SELECT 1 FROM report_ledger)
            """,
        ]
    }

    /// Reads the ledger's version (no placeholder).
    static let reportLedgerVersionQuery = "SELECT version FROM report_ledger WHERE id = 1"
}

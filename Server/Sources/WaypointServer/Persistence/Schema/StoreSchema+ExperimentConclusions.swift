import Foundation

/// The table of concluded experiments (``ExperimentConclusion``, Server/README.md "Concluded
/// experiments") and the migration step that adds it.
///
/// One row per conclusion, in the order they were written (`seq`): a key used again later has a row
/// per run. `revisions` is the JSON array of the revisions the experiment ran in; `report` the frozen
/// experiment report's JSON text (keys sorted, one line), NULL when none could be made. Times are
/// milliseconds since 1970.
extension StoreSchema {
    /// The name of the migration step that adds `experiment_conclusions`.
    static let experimentConclusionsStepName = "experiment-conclusions"

    /// `experiment_conclusions`.
    static let experimentConclusionsTable = Table(
        name: "experiment_conclusions",
        columns: [
            Column("seq", .sequence), Column("app_id", .text, references: "apps(id)"), Column("environment", .text),
            Column("experiment", .text, sortsByBytes: true), Column("revisions", .text),
            Column("first_published_at", .bigInteger, isNullable: true), Column("last_published_at", .bigInteger, isNullable: true),
            Column("goal", .text), Column("hypothesis", .text, isNullable: true), Column("decision", .text),
            Column("variation", .text, isNullable: true), Column("report", .text, isNullable: true), Column("concluded_at", .bigInteger),
        ])

    /// An environment's records in the order they were written, and a key's newest, read from one range.
    static let experimentConclusionsIndex = Index(
        name: "experiment_conclusions_by_experiment", table: "experiment_conclusions", columns: ["app_id", "environment", "experiment", "seq"])

    /// The statements of the step, in `dialect`: the table and its index, each where it is missing.
    static func experimentConclusionsStep(in dialect: SQLDialect) -> [String] {
        let schema = StoreSchema(tables: [experimentConclusionsTable], indexes: [experimentConclusionsIndex])
        return [
            tableStatement(experimentConclusionsTable, in: dialect, ifNotExists: true),
            schema.indexStatement(experimentConclusionsIndex, in: dialect)
                .replacingOccurrences(of: "CREATE INDEX ", with: "CREATE INDEX IF NOT EXISTS "),
        ]
    }
}

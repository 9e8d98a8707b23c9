import Foundation

/// The schema's steps, one list for both stores (docs/ARCHITECTURE.md, "Migrations"): each step has a
/// name, its statements in each ``SQLDialect``, and at most one piece of work done in Swift after
/// them. A new database gets ``StoreSchema/current`` whole from the first step, and each later step
/// leaves it as it is; a database of an earlier release gets the steps it has not recorded, in order.
///
/// SQLite applies the list with GRDB's `DatabaseMigrator` (the names are its identifiers,
/// `grdb_migrations`); PostgreSQL with the names it records in `waypoint_migration_steps`, in one
/// transaction under an advisory lock, so servers starting together migrate once. A PostgreSQL
/// database of the releases that recorded step numbers (`waypoint_migrations`) gets those steps'
/// names first.
enum StoreMigrations {
    /// A statement of a step.
    struct Statement: Sendable {
        var sql: String
        /// A query that returns a row when the statement is to run, asked when its step starts (before
        /// any statement of the step runs); nil: it always runs.
        var onlyIf: String?

        init(_ sql: String, onlyIf: String? = nil) {
            self.sql = sql
            self.onlyIf = onlyIf
        }
    }

    /// What a step does in Swift after its statements, on the store's own connection.
    enum Work: Sendable {
        /// Fills the report contributions from the stored events.
        case rebuildContributions
        /// Chains the audit entries stored before with the store's key.
        case chainAuditLog
    }

    struct Step: Sendable {
        /// Its name, recorded once it ran: the number it had when it was added, then what it does.
        let name: String
        /// Its statements in a dialect.
        let statements: @Sendable (SQLDialect) -> [Statement]
        var work: Work?

        init(_ name: String, work: Work? = nil, _ statements: @escaping @Sendable (SQLDialect) -> [Statement]) {
            self.name = name
            self.work = work
            self.statements = statements
        }
    }

    /// Every step, in the order they run.
    static let steps: [Step] = [
        Step("1-apps-revisions-events") { dialect in StoreSchema.current.statements(in: dialect).map { Statement($0) } },
        // Keys move from `environments.key_hash` to `sdk_keys`, and events get the index of each
        // environment's recent events, where `key_hash` is still there.
        Step("2-sdk-keys-recent-events") { dialect in
            let schema = StoreSchema.current
            let onlyIf = dialect.columnExists(table: "environments", column: "key_hash")
            let moving = [
                StoreSchema.tableStatement(schema.table("sdk_keys"), in: dialect, ifNotExists: true),
                schema.indexStatement(schema.index("events_by_environment"), in: dialect)
                    .replacingOccurrences(of: "CREATE INDEX ", with: "CREATE INDEX IF NOT EXISTS "),
                StoreSchema.movingKeysStatement,
            ]
            let dropping: [String]
            switch dialect {
            case .postgres:
                dropping = ["ALTER TABLE environments DROP COLUMN key_hash"]
            case .sqlite:
                // SQLite cannot drop a UNIQUE column: the table is made again without it, under its own
                // name. (GRDB turns foreign keys off during a step and checks them after.)
                var environments = schema.table("environments")
                environments.name = "environments_next"
                dropping = [
                    StoreSchema.tableStatement(environments, in: .sqlite),
                    "INSERT INTO environments_next (app_id, name, published_revision) SELECT app_id, name, published_revision FROM environments",
                    "DROP TABLE environments",
                    "ALTER TABLE environments_next RENAME TO environments",
                ]
            }
            return (moving + dropping).map { Statement($0, onlyIf: onlyIf) }
        },
        Step("3-erased-messages") { dialect in [Statement(StoreSchema.addingTable("erased_messages", in: dialect))] },
        Step("4-publications") { dialect in [Statement(StoreSchema.addingTable("publications", in: dialect))] },
        Step("5-audit-log") { dialect in StoreSchema.auditLogStep(in: dialect).map { Statement($0) } },
        // Accounts, sessions, personal tokens and settings, each created only where it is missing. It
        // repeats the audit log step, which does nothing where it ran: a database whose step 5 added
        // these tables instead (``StoreSchema/peopleStepName`` was step 5 in one build) gets its log here.
        Step("6-" + StoreSchema.peopleStepName) { dialect in
            (StoreSchema.peopleTables.map { StoreSchema.addingTable($0, in: dialect) } + StoreSchema.auditLogStep(in: dialect)).map { Statement($0) }
        },
        // Report contributions (StoreSchema+Contributions.swift): the events' walkthrough column and
        // the contribution tables, filled from the events stored before.
        Step("7-" + StoreSchema.contributionsStepName, work: .rebuildContributions) { dialect in
            [Statement("ALTER TABLE events ADD COLUMN walkthrough_id TEXT", onlyIf: dialect.columnMissing(table: "events", column: "walkthrough_id"))]
                + StoreSchema.contributionsStep(in: dialect).map { Statement($0) }
        },
        // Each environment's count of stored events (StoreSchema+EventCounts.swift), counted from the events stored before.
        Step("8-" + StoreSchema.eventCountsStepName) { dialect in StoreSchema.eventCountsStep(in: dialect).map { Statement($0) } },
        // Cells' held changes, for databases whose step 7 ran before they existed.
        Step("9-" + StoreSchema.cellChangesStepName) { dialect in StoreSchema.cellChangesStep(in: dialect).map { Statement($0) } },
        // Cells' pages of exact durations.
        Step("10-" + StoreSchema.cellPagesStepName) { dialect in StoreSchema.cellPagesStep(in: dialect).map { Statement($0) } },
        // The audit log's chain: the column where it is missing, then the entries stored before chained with the key.
        Step("11-" + StoreSchema.auditChainStepName, work: .chainAuditLog) { dialect in
            [Statement("ALTER TABLE audit_log ADD COLUMN chain TEXT", onlyIf: dialect.columnMissing(table: "audit_log", column: "chain"))]
        },
        // The version of the report rules that built the ledger (StoreSchema+ReportLedger.swift).
        Step("12-" + StoreSchema.reportLedgerStepName) { dialect in StoreSchema.reportLedgerStep(in: dialect).map { Statement($0) } },
        // What a revision made by edits records: its base revision and the edits (StoreSchema+RevisionEdits.swift).
        Step("13-" + StoreSchema.revisionEditsStepName) { dialect in StoreSchema.revisionEditsStep(in: dialect) },
        // The records of concluded experiments (StoreSchema+ExperimentConclusions.swift).
        Step("14-" + StoreSchema.experimentConclusionsStepName) { dialect in
            StoreSchema.experimentConclusionsStep(in: dialect).map { Statement($0) }
        },
    ]

    /// Which of `statements` run, from their conditions asked before any of them runs: `exists` tells
    /// whether a query returns a row.
    static func chosen(_ statements: [Statement], exists: (String) throws -> Bool) throws -> [String] {
        var answers: [String: Bool] = [:]
        for condition in Set(statements.compactMap(\.onlyIf)) { answers[condition] = try exists(condition) }
        return statements.filter { $0.onlyIf.map { answers[$0] ?? false } ?? true }.map(\.sql)
    }

    /// The step named `name`'s position (0, 1, …).
    static func position(of name: String) -> Int? { steps.firstIndex { $0.name == name } }

    /// The table in which PostgreSQL records the steps it ran, by name.
    static let postgresStepsTable = "waypoint_migration_steps"
}

extension SQLDialect {
    /// A query that returns a row when `table` has `column`.
    func columnExists(table: String, column: String) -> String {
        switch self {
        case .sqlite:
            "SELECT 1 FROM pragma_table_info('\(table)') WHERE name = '\(column)'"
        case .postgres:
            "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '\(table)' AND column_name = '\(column)'"
        }
    }

    /// A query that returns a row when `table` has no `column`.
    func columnMissing(table: String, column: String) -> String {
        "SELECT 1 WHERE NOT EXISTS (\(columnExists(table: table, column: column)))"
    }
}

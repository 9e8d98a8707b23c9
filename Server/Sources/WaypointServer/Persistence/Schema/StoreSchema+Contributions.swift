import Foundation
/// The tables of report contributions, and the migration step that adds them and fills them from
/// the events already stored (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// A report is a sum over users. Each user's rows (``ContributionRow``, one per report, subject and
/// revision filter) are kept in `contribution_rows`; their sums per cell — the same report, subject
/// and revision filter, the UTC day of the users' start and their group — in `contribution_cells`.
/// A report reads the cells of the full days of its range and the users' rows of its partial days.
///
/// A batch does not rewrite a cell: it appends its difference to `contribution_cell_changes`, and
/// the change that would be a cell's ``cellChangesHeld``-th folds the held ones into the cell
/// instead. A cell keeps its durations counted by page (`DurationHistogram.byPage`), and each
/// page's exact durations in `contribution_cell_pages`, so that neither a fold nor a report reads
/// durations that grow with the cell's users: a report reads the counts, then only the pages that
/// hold its medians. A cell's figures are its stored sum plus its held changes plus its pages;
/// readers add them.
extension StoreSchema {
    /// The name of the migration step that adds the contribution tables, the events' walkthrough
    /// column, and fills both from the stored events.
    static let contributionsStepName = "report-contributions"

    /// `contribution_cells.day` of users without a start (in no date range).
    static let noStartDay = Int64.min

    /// `revision` of a row over all of a subject's events (a ``ContributionRow/revision`` of nil).
    static let allRevisions: Int64 = 0

    /// The name of the migration step that adds `contribution_cell_changes` to a store whose
    /// contributions step ran before it existed.
    static let cellChangesStepName = "contribution-cell-changes"

    /// The name of the migration step that adds `contribution_cell_pages`. Cells stored before it
    /// hold their exact durations, which are as good (a report reads them exactly); each is kept by
    /// page from its next fold.
    static let cellPagesStepName = "contribution-cell-pages"

    /// How many changes a cell holds at most: the next one is folded into the cell with them. A
    /// batch then rewrites a cell once in this many changes, and a report reads fewer than this
    /// many small changes beside each cell.
    static let cellChangesHeld = 8

    /// How many row locks users are spread over in PostgreSQL (``PostgresStore``): a user's
    /// contributions are recomputed by one process at a time, holding the lock of the user's bucket.
    static let contributionLockBuckets: Int64 = 65_536

    /// The contribution tables and the index that reads users' rows by start; the lock buckets only
    /// in PostgreSQL (SQLite runs one writer at a time).
    static func contributions(in dialect: SQLDialect) -> StoreSchema {
        // A cell's key, which its held changes and its pages carry too.
        let cellKey = [
            Column("app_id", .text), Column("environment", .text), Column("kind", .text), Column("subject", .text, sortsByBytes: true),
            Column("revision", .bigInteger), Column("day", .bigInteger), Column("grp", .text, sortsByBytes: true),
        ]
        let cellKeyNames = ["app_id", "environment", "kind", "subject", "revision", "day", "grp"]
        var tables = [
            Table(
                name: "contribution_cells", columns: cellKey + [Column("users", .bigInteger), Column("totals", .bytes)],
                primaryKey: cellKeyNames),
            Table(
                name: "contribution_cell_changes",
                columns: cellKey + [Column("n", .bigInteger), Column("users", .bigInteger), Column("totals", .bytes)],
                // `n`: 1, 2, … in the order the cell's changes were made, until they are folded.
                primaryKey: cellKeyNames + ["n"]),
            Table(
                name: "contribution_cell_pages", columns: cellKey + [Column("page", .bigInteger), Column("totals", .bytes)],
                // `page`: `DurationHistogram.page(of:)`; `totals`: the cell's exact durations in it, each
                // histogram's count taken away from the page (`FlowTotals.paged`), no other figure.
                primaryKey: cellKeyNames + ["page"]),
            Table(
                name: "contribution_rows",
                columns: [
                    Column("app_id", .text), Column("environment", .text), Column("user_id", .text, sortsByBytes: true),
                    Column("kind", .text), Column("subject", .text, sortsByBytes: true), Column("revision", .bigInteger),
                    Column("start_ms", .bigInteger, isNullable: true), Column("grp", .text, sortsByBytes: true), Column("totals", .bytes),
                ],
                // A user has one row per report, subject and revision filter, except experiment
                // reports: one per experiment, which the group names.
                primaryKey: ["app_id", "environment", "user_id", "kind", "subject", "revision", "grp"]),
        ]
        if dialect == .postgres {
            tables.append(Table(name: "contribution_locks", columns: [Column("bucket", .bigInteger)], primaryKey: ["bucket"]))
        }
        return StoreSchema(
            tables: tables,
            indexes: [
                Index(name: "contribution_rows_by_start", table: "contribution_rows",
                      columns: ["app_id", "environment", "kind", "subject", "revision", "start_ms"]),
            ])
    }

    /// The statement of the step that adds `contribution_cell_changes` where it is missing (the
    /// contributions step of a newer store made it already).
    static func cellChangesStep(in dialect: SQLDialect) -> [String] {
        [tableStatement(contributions(in: dialect).table("contribution_cell_changes"), in: dialect, ifNotExists: true)]
    }

    /// The statement of the step that adds `contribution_cell_pages` where it is missing.
    static func cellPagesStep(in dialect: SQLDialect) -> [String] {
        [tableStatement(contributions(in: dialect).table("contribution_cell_pages"), in: dialect, ifNotExists: true)]
    }

    /// The statements of the step, in `dialect`, after the events' `walkthrough_id` column
    /// (``StoreMigrations``): each does nothing where it ran already.
    static func contributionsStep(in dialect: SQLDialect) -> [String] {
        let schema = contributions(in: dialect)
        var statements = schema.tables.map { tableStatement($0, in: dialect, ifNotExists: true) }
        statements += schema.indexes.map {
            schema.indexStatement($0, in: dialect).replacingOccurrences(of: "CREATE INDEX ", with: "CREATE INDEX IF NOT EXISTS ")
        }
        return statements
    }
}

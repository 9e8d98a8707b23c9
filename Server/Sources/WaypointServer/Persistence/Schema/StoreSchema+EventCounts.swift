/// The table that counts each environment's stored events, and the migration step that adds it
/// and fills it from the events already stored (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// A report's `events` figure is every stored event of its environment. Counting them is linear
/// in events, so the count is kept instead: the transactions that insert, erase or expire events
/// add their difference to it (``EventCountChanges``), last, after the contributions.
extension StoreSchema {
    /// The name of the migration step that adds `event_counts`.
    static let eventCountsStepName = "event-counts"

    /// `event_counts`: one row per app and environment that has held events.
    static let eventCountsTable = Table(
        name: "event_counts",
        columns: [Column("app_id", .text), Column("environment", .text), Column("events", .bigInteger)],
        primaryKey: ["app_id", "environment"])

    /// The statements of the step, in `dialect`: the table, then its rows counted from the events
    /// (emptied first, so that running the step again counts again).
    static func eventCountsStep(in dialect: SQLDialect) -> [String] {
        [
            tableStatement(eventCountsTable, in: dialect, ifNotExists: true),
            "DELETE FROM event_counts",
            "INSERT INTO event_counts (app_id, environment, events) SELECT app_id, environment, COUNT(*) FROM events GROUP BY app_id, environment",
        ]
    }

    /// Adds a number (placeholder 3) to the count of an app (1) and environment (2).
    static func addingToEventCount(in dialect: SQLDialect) -> String {
        """
        INSERT INTO event_counts (app_id, environment, events) VALUES (\(dialect.placeholder(1)), \(dialect.placeholder(2)), \(dialect.placeholder(3)))
        ON CONFLICT (app_id, environment) DO UPDATE SET events = event_counts.events + excluded.events
        """
    }
}

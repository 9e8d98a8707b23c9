import Foundation
import GRDB

extension SQLiteStore: EventRepository {
    public func insertEvents(_ events: [StoredEvent], appID: AppID) async throws -> InsertResult {
        let appID = appID.rawValue
        // Reading and parsing the users' events runs on a reader, beside the one writer
        // (docs/ARCHITECTURE.md, "Report contributions in the stores").
        try reportLedger.checkReady()
        let prepared = try await pool.read { db in try Self.prepareContributions(db, appID: appID, events: events) }
        return try await insertEvents(events, appID: appID, prepared: prepared)
    }

    /// Inserts `events` with contributions `prepared` from a snapshot taken before (any snapshot: a
    /// user whose events changed since is recomputed), in a write transaction shared with the
    /// batches that wait beside it (``GroupCommit``); returns once that transaction is committed.
    func insertEvents(_ events: [StoredEvent], appID: String, prepared: PreparedContributions) async throws -> InsertResult {
        try reportLedger.checkReady()
        return try await ingestion.submit(InsertJob(events: events, appID: appID, prepared: prepared))
    }

    /// One batch of events to insert, with its prepared contributions.
    struct InsertJob: Sendable {
        var events: [StoredEvent]
        var appID: String
        var prepared: PreparedContributions
    }

    /// Inserts each job's events in order, in the transaction of `db`, then adds what they change to
    /// the cells and the counts once for all of them: a cell that several batches change is written once.
    static func insert(_ jobs: [InsertJob], _ db: Database, ledger: ReportLedger) throws -> [InsertResult] {
        try checkLedger(db, ledger)
        let statement = try db.cachedStatement(sql: """
            INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line, walkthrough_id)
            SELECT ?1, ?2, ?, ?, ?, ?, ?, ?, ?
            WHERE NOT EXISTS (SELECT 1 FROM erased_messages WHERE app_id = ?1 AND message_id = ?2)
            ON CONFLICT (app_id, message_id) DO NOTHING
            """)
        var changes: [String: ContributionChanges] = [:]
        var counts = EventCountChanges()
        var results: [InsertResult] = []
        for job in jobs {
            var inserted: [(event: StoredEvent, seq: Int64)] = []
            var positions: [Int64: Int] = [:]
            for (index, event) in job.events.enumerated() {
                // The message id of an erased event stays a duplicate (see ``EventRepository/eraseUser(appID:userID:audit:)``).
                try statement.execute(arguments: [
                    job.appID, event.messageID, event.userID, event.flowID, event.timestamp, event.environment, event.receivedAt, event.line,
                    event.walkthroughID,
                ])
                if db.changesCount > 0 {
                    inserted.append((event, db.lastInsertedRowID))
                    positions[db.lastInsertedRowID] = index
                }
            }
            // The touched users' contributions, in this transaction (docs/ARCHITECTURE.md, "Report contributions in the stores").
            let refused = try recomputeContributions(
                db, appID: job.appID, inserted: inserted, prepared: job.prepared, in: &changes[job.appID, default: ContributionChanges()])
            for (event, seq) in inserted where refused[seq] == nil { counts.add(1, appID: job.appID, environment: event.environment) }
            let refusals = refused.compactMap { seq, message in positions[seq].map { InsertResult.Refusal(index: $0, message: message) } }
            results.append(InsertResult(
                accepted: inserted.count - refused.count, duplicates: job.events.count - inserted.count,
                refused: refusals.sorted { $0.index < $1.index }))
        }
        for appID in changes.keys.sorted() {
            try applyCells(db, appID: appID, changes[appID]?.changedCells ?? [])
        }
        try apply(counts, db)
        return results
    }

    /// Adds each environment's change to its count of stored events.
    static func apply(_ counts: EventCountChanges, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: StoreSchema.addingToEventCount(in: .sqlite))
        for change in counts.changes {
            try statement.execute(arguments: [change.appID, change.environment, change.number])
        }
    }

    public func eventCount(appID: AppID, environment: EnvironmentName) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT events FROM event_counts WHERE app_id = ? AND environment = ?", arguments: [appID, environment]) ?? 0
        }
    }

    public func events(appID: AppID, environment: EnvironmentName?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage {
        let page = try await page(EventQuery.stored(appID: appID, environment: environment, timestamps: timestamps, after: cursor, limit: limit)) { row -> Int64 in row[0] }
        return EventPage(lines: page.lines, next: page.next)
    }

    public func eventsByUser(appID: AppID, environment: EnvironmentName?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
        let query = EventQuery.byUser(appID: appID, environment: environment, flowID: flowID, after: cursor, limit: limit)
        let page = try await page(query) { row in UserOrderCursor(userID: row[0], timestamp: row[1], sequence: row[2]) }
        return UserOrderedPage(lines: page.lines, next: page.next)
    }

    public func flowIDs(appID: AppID, environment: EnvironmentName, limit: Int) async throws -> [String] {
        let statement = FlowIDsQuery(appID: appID, environment: environment, limit: max(limit, 1)).statement(in: .sqlite)
        return try await pool.read { db in
            try String.fetchAll(db, sql: statement.text, arguments: statement.arguments)
        }
    }

    /// The lines of `query` (the last column of its rows) and, when the page is full, where the
    /// next one starts, which `position` reads from the last row.
    private func page<Position: Sendable>(
        _ query: EventQuery, position: @escaping @Sendable (Row) -> Position
    ) async throws -> (lines: [String], next: Position?) {
        let statement = query.statement(in: .sqlite)
        let line = query.columns.count - 1
        return try await pool.read { db in
            // A cursor, not an array of rows: each line is copied out once, straight into the page.
            let rows = try Row.fetchCursor(db, sql: statement.text, arguments: statement.arguments)
            var lines: [String] = []
            lines.reserveCapacity(query.limit)
            var next: Position?
            while let row = try rows.next() {
                lines.append(row[line])
                if lines.count == query.limit { next = position(row) }
            }
            return (lines, next)
        }
    }
}

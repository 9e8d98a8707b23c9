import Foundation
import GRDB
import Logging
import WaypointTools

/// Report contributions in SQLite (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// Every change runs inside the write transaction that changes the events. SQLite has one writer
/// at a time for every process that opens the file, and each of these transactions writes (the
/// insert or the delete of events) before it reads a user's events and rows; so no other
/// recompute of the same user runs between that read and the commit, and no lock of its own is needed.
extension SQLiteStore: ReportLedgerRepository {
    /// Recomputes the rows of each user's `subjects` (flow or walkthrough ids) from their stored
    /// events, replaces them, and applies the difference to the cells.
    static func recomputeContributions(_ db: Database, appID: String, subjects: [ContributionUser: Set<ExactID>]) throws {
        guard !subjects.isEmpty else { return }
        var changes = ContributionChanges()
        for (user, userSubjects) in subjects {
            try recompute(db, appID: appID, user: user, subjects: userSubjects, in: &changes)
        }
        try insertRows(db, appID: appID, changes.rows)
        try applyCells(db, appID: appID, changes.changedCells)
    }

    /// Works out, on a snapshot (a reader, beside the writer), the rows each user of `events` will
    /// have once the batch is inserted: the part of a recompute that reads and parses the users'
    /// events, which the writer then only checks (``PreparedContributions``).
    static func prepareContributions(_ db: Database, appID: String, events: [StoredEvent]) throws -> PreparedContributions {
        let stored = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM events WHERE app_id = ?1 AND message_id = ?2)
                OR EXISTS (SELECT 1 FROM erased_messages WHERE app_id = ?1 AND message_id = ?2)
            """)
        let new = try PreparedContributions.new(events) { event in
            try Bool.fetchOne(stored, arguments: [appID, event.messageID]) ?? false
        }
        var prepared = PreparedContributions()
        for (user, touched) in ContributionChanges.byUser(new, event: { $0 }) {
            let subjects = touched.subjects
            try prepared.prepare(
                user, subjects: subjects, stored: try contributionEvents(db, appID: appID, user: user, subjects: subjects),
                old: try storedRows(db, appID: appID, user: user, subjects: subjects), added: touched.items)
        }
        return prepared
    }

    /// The contributions of a batch the writer has just inserted (`inserted`, each event with its
    /// seq): each user's prepared rows where they hold, else a recompute from the stored events.
    /// The users' new rows are stored at once (a later batch of the transaction reads them); what
    /// the cells gain is added to `changes`, for the caller to apply. The inserted events beyond
    /// ``ContributionChanges/limits`` are deleted again; returns them by seq, with why.
    static func recomputeContributions(
        _ db: Database, appID: String, inserted: [(event: StoredEvent, seq: Int64)], prepared: PreparedContributions,
        in changes: inout ContributionChanges
    ) throws -> [Int64: String] {
        let users = ContributionChanges.byUser(inserted, event: \.event)
        guard !users.isEmpty else { return [:] }
        var refused: [Int64: String] = [:]
        // The prepared users' cells are added together, less those of the users recomputed here.
        try changes.addCells(of: prepared.cells)
        var unused = Set(prepared.users.keys)
        for (user, touched) in users {
            let userSubjects = touched.subjects, mine = touched.items
            let ready = try prepared.matches(user, subjects: userSubjects, inserted: mine) {
                try contributionEvents(db, appID: appID, user: user, subjects: userSubjects, lines: false).map(\.seq)
            }
            if let ready {
                unused.remove(user)
                for (event, seq) in mine { refused[seq] = ready.refused[event.messageID] }
                try replaceRows(db, appID: appID, user: user, subjects: userSubjects, hadRows: !ready.old.isEmpty)
                changes.rows += ready.new
            } else {
                let stored = try contributionEvents(db, appID: appID, user: user, subjects: userSubjects)
                let admission = ContributionChanges.admit(stored: stored, inserted: mine.map { ($0.seq, $0.event.line) })
                refused.merge(admission.refused) { first, _ in first }
                // With every new event refused the user's events are what they were, and so are their rows.
                if admission.refused.count < mine.count {
                    try recompute(db, appID: appID, user: user, subjects: userSubjects, lines: admission.lines, in: &changes)
                }
            }
        }
        for user in unused { if let share = prepared.users[user] { try PreparedContributions.takeBack(share, from: &changes) } }
        let delete = try db.cachedStatement(sql: "DELETE FROM events WHERE seq = ?")
        for seq in refused.keys.sorted() { try delete.execute(arguments: [seq]) }
        try insertRows(db, appID: appID, changes.rows)
        changes.rows = []
        return refused
    }

    /// Recomputes `user`'s rows of `subjects` into `changes`, from `lines` (their events of those
    /// subjects, in storage order) when given, else from their stored events.
    private static func recompute(
        _ db: Database, appID: String, user: ContributionUser, subjects: Set<ExactID>, lines given: [String]? = nil,
        in changes: inout ContributionChanges
    ) throws {
        let lines = try given ?? contributionEvents(db, appID: appID, user: user, subjects: subjects).map(\.line)
        let new = ContributionChanges.rows(lines: lines, subjects: subjects).map { StoredContribution(user: user, row: $0) }
        let old = try storedRows(db, appID: appID, user: user, subjects: subjects)
        try replace(db, appID: appID, user: user, subjects: subjects, old: old, new: new, in: &changes)
    }

    /// Records that `user`'s `old` rows of `subjects` are replaced by `new`, and deletes the old ones
    /// (the new ones are inserted with the others of the transaction).
    private static func replace(
        _ db: Database, appID: String, user: ContributionUser, subjects: Set<ExactID>, old: [StoredContribution], new: [StoredContribution],
        in changes: inout ContributionChanges
    ) throws {
        try changes.replace(old, with: new)
        try replaceRows(db, appID: appID, user: user, subjects: subjects, hadRows: !old.isEmpty)
    }

    /// Deletes `user`'s stored rows of `subjects` when there are any (`hadRows`): their new ones
    /// are inserted with the others of the transaction.
    private static func replaceRows(_ db: Database, appID: String, user: ContributionUser, subjects: Set<ExactID>, hadRows: Bool) throws {
        guard hadRows else { return }
        let delete = try db.cachedStatement(sql: """
            DELETE FROM contribution_rows WHERE app_id = ? AND environment = ? AND user_id = ? AND subject = ?
            """)
        for subject in subjects {
            try delete.execute(arguments: [appID, user.environment, user.userID, subject.text])
        }
    }

    /// A user's stored events of one flow (`?2`), then of one walkthrough (`?2`, events of no flow):
    /// each a seek in `events_by_flow_user` by app, flow and user (an `OR` of the two would make
    /// SQLite read the environment's every event instead).
    static let contributionLinesStatements = [
        """
        SELECT seq, line FROM events INDEXED BY events_by_flow_user
        WHERE app_id = ?1 AND flow_id = ?2 AND user_id = ?3 AND environment = ?4
        """,
        """
        SELECT seq, line FROM events INDEXED BY events_by_flow_user
        WHERE app_id = ?1 AND flow_id IS NULL AND user_id = ?3 AND environment = ?4 AND walkthrough_id = ?2
        """,
    ]

    /// The user's stored events of `subjects`, in storage order: a flow's by `flow_id`, a
    /// walkthrough's (events of no flow) by `walkthrough_id`; with `lines` false only their seqs,
    /// each line left empty.
    private static func contributionEvents(
        _ db: Database, appID: String, user: ContributionUser, subjects: Set<ExactID>, lines: Bool = true
    ) throws -> [(seq: Int64, line: String)] {
        var events: [(seq: Int64, line: String)] = []
        for sql in contributionLinesStatements {
            let statement = try db.cachedStatement(sql: sql)
            for subject in subjects {
                let rows = try Row.fetchCursor(statement, arguments: [appID, subject.text, user.userID, user.environment])
                while let row = try rows.next() { events.append((row[0], lines ? row[1] : "")) }
            }
        }
        events.sort { $0.seq < $1.seq }
        return events
    }

    /// The stored rows of a user of one environment, of `subjects`.
    private static func storedRows(_ db: Database, appID: String, user: ContributionUser, subjects: Set<ExactID>) throws -> [StoredContribution] {
        let statement = try db.cachedStatement(sql: """
            SELECT subject, revision, start_ms, grp, totals FROM contribution_rows WHERE app_id = ? AND environment = ? AND user_id = ?
            """)
        return try Row.fetchAll(statement, arguments: [appID, user.environment, user.userID]).compactMap { row in
            let subject: String = row[0]
            guard subjects.contains(ExactID(subject)) else { return nil }
            let totals: Data = row[4]
            return StoredContribution(
                user: user, row: try ContributionChanges.row(subject: subject, revision: row[1], startMs: row[2], group: row[3], totals: [UInt8](totals)))
        }
    }

    private static func insertRows(_ db: Database, appID: String, _ rows: [StoredContribution]) throws {
        let insert = try db.cachedStatement(sql: """
            INSERT INTO contribution_rows (app_id, environment, user_id, kind, subject, revision, start_ms, grp, totals)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for stored in rows {
            let row = stored.row
            try insert.execute(arguments: [
                appID, stored.user.environment, stored.user.userID, row.kind.rawValue, row.subject,
                row.revision.map(Int64.init) ?? StoreSchema.allRevisions, row.startMs, row.group, Data(row.totals.bytes),
            ])
        }
    }

    /// Adds each difference to its cell: held beside it while the cell holds fewer than
    /// ``StoreSchema/cellChangesHeld`` − 1 changes, else folded into it with them (a new cell is
    /// written at once), its durations counted by page and their exact values added to its pages;
    /// a cell left with nothing is deleted with its pages.
    static func applyCells(_ db: Database, appID: String, _ cells: [(key: ContributionCellKey, delta: ContributionTotals)]) throws {
        // Numbered, so that a statement naming the key twice takes its values once; a plain `?`
        // after it is the 8th value, and so on.
        let key = "app_id = ?1 AND environment = ?2 AND kind = ?3 AND subject = ?4 AND revision = ?5 AND day = ?6 AND grp = ?7"
        // Whether the cell is stored (answered from its key's index, so its sum is not read), how
        // many changes it holds and the last one's number: one statement, two seeks.
        let held = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM contribution_cells WHERE \(key)), COUNT(*), COALESCE(MAX(n), 0)
            FROM contribution_cell_changes WHERE \(key)
            """)
        let hold = try db.cachedStatement(sql: """
            INSERT INTO contribution_cell_changes (app_id, environment, kind, subject, revision, day, grp, n, users, totals)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let read = try db.cachedStatement(sql: "SELECT totals FROM contribution_cells WHERE \(key)")
        let readHeld = try db.cachedStatement(sql: "SELECT totals FROM contribution_cell_changes WHERE \(key) ORDER BY n")
        let deleteHeld = try db.cachedStatement(sql: "DELETE FROM contribution_cell_changes WHERE \(key)")
        let delete = try db.cachedStatement(sql: "DELETE FROM contribution_cells WHERE \(key)")
        let write = try db.cachedStatement(sql: """
            INSERT INTO contribution_cells (app_id, environment, kind, subject, revision, day, grp, users, totals)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app_id, environment, kind, subject, revision, day, grp) DO UPDATE SET users = excluded.users, totals = excluded.totals
            """)
        let readPages = try db.cachedStatement(sql: "SELECT page, totals FROM contribution_cell_pages WHERE \(key) AND page BETWEEN ? AND ?")
        let writePage = try db.cachedStatement(sql: """
            INSERT INTO contribution_cell_pages (app_id, environment, kind, subject, revision, day, grp, page, totals)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app_id, environment, kind, subject, revision, day, grp, page) DO UPDATE SET totals = excluded.totals
            """)
        let deletePage = try db.cachedStatement(sql: "DELETE FROM contribution_cell_pages WHERE \(key) AND page = ?")
        let deletePages = try db.cachedStatement(sql: "DELETE FROM contribution_cell_pages WHERE \(key)")
        for (cell, delta) in cells {
            let arguments: StatementArguments = [appID, cell.environment, cell.kind, cell.subject, cell.revision, cell.day, cell.group]
            let found = try Row.fetchOne(held, arguments: arguments)
            let stored: Bool = found?[0] ?? false, count: Int = found?[1] ?? 0, last: Int64 = found?[2] ?? 0
            if ContributionChanges.holds(stored: stored, heldCount: count) {
                try hold.execute(arguments: arguments + [last + 1, Int64(delta.users), Data(delta.bytes)])
                continue
            }
            let existing = stored ? try Data.fetchOne(read, arguments: arguments).map { [UInt8]($0) } : nil
            let changes = count == 0 ? [] : try Data.fetchAll(readHeld, arguments: arguments).map { [UInt8]($0) }
            if count > 0 { try deleteHeld.execute(arguments: arguments) }
            let (counted, pages) = try ContributionChanges.fold(existing, held: changes, plus: delta)
            guard let counted else {
                if stored {
                    try delete.execute(arguments: arguments)
                    try deletePages.execute(arguments: arguments)
                }
                continue
            }
            try write.execute(arguments: arguments + [Int64(counted.users), Data(counted.bytes)])
            // The stored pages the fold adds to: one seek, then the cell's pages from the first to the last.
            var storedPages: [Int32: [UInt8]] = [:]
            if let first = pages.keys.min(), let last = pages.keys.max() {
                let rows = try Row.fetchCursor(readPages, arguments: arguments + [Int64(first), Int64(last)])
                while let row = try rows.next() {
                    let page = Int32(truncatingIfNeeded: row[0] as Int64)
                    if pages[page] != nil { storedPages[page] = try row.withUnsafeData(atIndex: 1) { $0.map { [UInt8]($0) } ?? [] } }
                }
            }
            for (page, part) in pages {
                let pageArguments = arguments + [Int64(page)]
                let stored = storedPages[page]
                if let sum = try ContributionChanges.sum(stored, plus: part) {
                    try writePage.execute(arguments: pageArguments + [Data(sum.bytes)])
                } else if stored != nil {
                    try deletePage.execute(arguments: pageArguments)
                }
            }
        }
    }

    /// Recomputes every row of `userID` in each environment of the app from the events left (after
    /// an erasure, none: the rows go and the cells lose them).
    static func recomputeContributions(_ db: Database, appID: String, userID: String) throws {
        var subjects: [ContributionUser: Set<ExactID>] = [:]
        for environment in try String.fetchAll(db, sql: "SELECT name FROM environments WHERE app_id = ?", arguments: [appID]) {
            let user = ContributionUser(environment: environment, userID: userID)
            let stored = try String.fetchAll(db, sql: """
                SELECT DISTINCT subject FROM contribution_rows WHERE app_id = ? AND environment = ? AND user_id = ?
                """, arguments: [appID, environment, userID])
            if !stored.isEmpty { subjects[user] = Set(stored.map { ExactID($0) }) }
        }
        try recomputeContributions(db, appID: appID, subjects: subjects)
    }

    // MARK: The ledger's version

    /// Refuses unless the ledger this transaction sees was built by this server's report rules
    /// (``ReportLedger``): another process on the same file may run another version.
    func checkLedger(_ db: Database) throws {
        try Self.checkLedger(db, reportLedger)
    }

    /// Refuses unless the ledger `db` sees was built by `ledger`'s version of the report rules.
    static func checkLedger(_ db: Database, _ ledger: ReportLedger) throws {
        try ledger.check(stored: Int.fetchOne(db, sql: StoreSchema.reportLedgerVersionQuery))
    }

    public func rebuildReportLedger(logger: Logger) async throws {
        let ledger = reportLedger
        let total = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(events), 0) FROM event_counts") ?? 0 }
        var succeeded = false
        defer { ledger.endRebuild(succeeded: succeeded) }
        // One write transaction: a rebuild that stops leaves the ledger it found; other processes'
        // writes wait for it (and give up after the busy timeout, answering 503).
        try await pool.write { db in
            let stored = try Int.fetchOne(db, sql: StoreSchema.reportLedgerVersionQuery) ?? 0
            ledger.note(stored: stored)
            guard ledger.needsRebuild else { return }
            ledger.startRebuild(stored: stored, total: total)
            var log = ReportLedgerRebuildLog(logger: logger, stored: stored, version: ledger.version, total: total)
            let events = try Self.rebuildContributions(db) { read in
                ledger.progress(read: read)
                log.read(read)
            }
            try db.execute(sql: "UPDATE report_ledger SET version = ?, built_at = ? WHERE id = 1",
                           arguments: [ledger.version, Timestamp.milliseconds(Date())])
            log.finished(events: events)
        }
        succeeded = true
    }

    // MARK: Rebuilding

    /// Empties the contribution tables and fills them again from every stored event, user by user
    /// (the migration step that adds them runs it). Memory holds one page of events, one user's
    /// events and a bounded number of cell differences. Events of no flow get their `walkthrough_id`
    /// from their line where it is missing. `progress` is told the events read so far after each
    /// page; returns how many were read.
    @discardableResult
    static func rebuildContributions(_ db: Database, progress: (Int) -> Void = { _ in }) throws -> Int {
        try db.execute(sql: "DELETE FROM contribution_cells")
        try db.execute(sql: "DELETE FROM contribution_cell_changes")
        try db.execute(sql: "DELETE FROM contribution_cell_pages")
        try db.execute(sql: "DELETE FROM contribution_rows")
        // Reads events by user; dropped at the end (SQLite ends it with `seq`, the row id).
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS contribution_rebuild ON events (app_id, environment, user_id)")
        var rebuild = ContributionRebuild()
        var read = 0
        var cursor: (app: String, environment: String, user: String, seq: Int64)?
        let setWalkthrough = try db.makeStatement(sql: "UPDATE events SET walkthrough_id = ? WHERE seq = ?")
        // Bounded by the number of events: each page reads past the last one.
        while true {
            var condition = ""
            var arguments = StatementArguments()
            if let cursor {
                condition = "WHERE (app_id, environment, user_id, seq) > (?, ?, ?, ?)"
                arguments = [cursor.app, cursor.environment, cursor.user, cursor.seq]
            }
            let page = try Row.fetchAll(db, sql: """
                SELECT seq, app_id, environment, user_id, flow_id, walkthrough_id, line FROM events \(condition)
                ORDER BY app_id, environment, user_id, seq LIMIT \(ContributionRebuild.pageSize)
                """, arguments: arguments)
            for row in page {
                let seq: Int64 = row[0]
                let flowID: String? = row[4]
                var walkthroughID: String? = row[5]
                let line: String = row[6]
                if flowID == nil, walkthroughID == nil, let found = ContributionRebuild.walkthroughID(inLine: line) {
                    walkthroughID = found
                    try setWalkthrough.execute(arguments: [found, seq])
                }
                if let finished = try rebuild.add(appID: row[1], user: ContributionUser(environment: row[2], userID: row[3]),
                                                  subject: flowID ?? walkthroughID, line: line) {
                    try flush(db, finished)
                }
                cursor = (row[1], row[2], row[3], seq)
            }
            read += page.count
            progress(read)
            if page.count < ContributionRebuild.pageSize { break }
        }
        if let finished = try rebuild.finish() { try flush(db, finished) }
        try db.execute(sql: "DROP INDEX IF EXISTS contribution_rebuild")
        return read
    }

    private static func flush(_ db: Database, _ finished: ContributionRebuild.Finished) throws {
        try insertRows(db, appID: finished.appID, finished.rows)
        if let cells = finished.cells { try applyCells(db, appID: finished.appID, cells.changedCells) }
    }

    // MARK: Reading

    public func contributionSubjects(appID: AppID, environment: EnvironmentName, kind: ContributionKind, limit: Int) async throws -> [String] {
        let query = ContributionScopeQuery.subjects(appID: appID.rawValue, environment: environment.rawValue, kind: kind, limit: limit).statement(in: .sqlite)
        try reportLedger.checkReady()
        return try await pool.read { db in
            try self.checkLedger(db)
            return try String.fetchAll(db, sql: query.text, arguments: query.arguments)
        }
    }

    public func contributions(
        appID: AppID, environment: EnvironmentName, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
        cells: CellSelection, medianPages: (@Sendable (ContributionScope) -> MedianPages)?
    ) async throws -> ContributionScope {
        let query = ContributionScopeQuery(
            appID: appID.rawValue, environment: environment.rawValue, kind: kind, subject: subject, revision: revision, since: since, until: until,
            cells: cells)
        try reportLedger.checkReady()
        // One read transaction: the pages are read in the snapshot of the cells they belong to.
        return try await pool.read { db in
            try self.checkLedger(db)
            var collector = ContributionScopeQuery.Collector(query)
            func read(_ reads: ContributionScopeQuery.Reads, _ sql: SQLQuery) throws {
                let statement = sql.statement(in: .sqlite)
                let rows = try Row.fetchCursor(db, sql: statement.text, arguments: statement.arguments)
                while let row = try rows.next() {
                    switch reads {
                    case .cells:
                        let totals: Data = row[2]
                        try collector.add(day: row[0], startMs: nil, group: row[1], totals: [UInt8](totals))
                    case .users:
                        let totals: Data = row[2]
                        try collector.add(day: nil, startMs: row[0], group: row[1], totals: [UInt8](totals))
                    case .groups:
                        try collector.addGroup(row[0])
                    }
                }
            }
            for (reads, sql) in query.statements { try read(reads, sql) }
            if let pages = query.pageStatement(medianPages.map { $0(collector.scope) }) {
                try read(.cells, pages)
            }
            return collector.scope
        }
    }

    public func storedContributions(appID: AppID, environment: EnvironmentName) async throws -> StoredContributions {
        try reportLedger.checkReady()
        return try await pool.read { db in
            try self.checkLedger(db)
            func cells(_ table: String, order: String) throws -> [ContributionRow] {
                try Row.fetchAll(db, sql: """
                    SELECT subject, revision, day, grp, totals FROM \(table) WHERE app_id = ? AND environment = ?
                    ORDER BY kind, subject, revision, day, grp\(order)
                    """, arguments: [appID, environment]).map { row -> ContributionRow in
                    let day: Int64 = row[2]
                    let totals: Data = row[4]
                    return try ContributionChanges.row(
                        subject: row[0], revision: row[1], startMs: day == StoreSchema.noStartDay ? nil : day * ContributionScopeQuery.dayMs,
                        group: row[3], totals: [UInt8](totals))
                }
            }
            let cells = try ContributionChanges.folded(
                cells: try cells("contribution_cells", order: ""),
                held: try cells("contribution_cell_pages", order: ", page") + cells("contribution_cell_changes", order: ", n"))
            var users: [ExactID: [ContributionRow]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT user_id, subject, revision, start_ms, grp, totals FROM contribution_rows WHERE app_id = ? AND environment = ?
                ORDER BY user_id, kind, subject, revision
                """, arguments: [appID, environment]) {
                let totals: Data = row[5]
                users[ExactID(row[0]), default: []].append(
                    try ContributionChanges.row(subject: row[1], revision: row[2], startMs: row[3], group: row[4], totals: [UInt8](totals)))
            }
            return StoredContributions(cells: cells, users: users)
        }
    }
}

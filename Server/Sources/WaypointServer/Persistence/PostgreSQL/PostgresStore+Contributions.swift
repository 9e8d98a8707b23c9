import Foundation
import Logging
import NIOCore
import PostgresNIO
import WaypointTools

/// Report contributions in PostgreSQL (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// Every change runs inside the transaction that changes the events, and takes its locks in one
/// order, so that transactions of several server processes neither deadlock nor lose an update:
/// first the row locks of the users' buckets (`contribution_locks`, in bucket order), which make
/// the recompute of a user one process's at a time (whoever recomputes last sees every event
/// committed before, and its own); then the row locks of the cells it changes (in key order), read,
/// summed in Swift (totals are the core's bytes) and written back.
extension PostgresStore: ReportLedgerRepository {
    /// Recomputes the rows of each user's `subjects` (flow or walkthrough ids) from their stored
    /// events, replaces them, and applies the difference to the cells.
    ///
    /// `inserted` are the events this transaction has just inserted, by user (seq and line, in
    /// storage order): those beyond ``ContributionChanges/limits`` are deleted again, once the
    /// user's lock is held, and returned by seq with why; the rows are computed without them.
    @discardableResult
    static func recomputeContributions(
        _ connection: PostgresConnection, appID: String, subjects: [ContributionUser: Set<ExactID>],
        inserted: [ContributionUser: [(seq: Int64, line: String)]] = [:], logger: Logger
    ) async throws -> [Int64: String] {
        guard !subjects.isEmpty else { return [:] }
        let buckets = Set(subjects.keys.map { ContributionChanges.lockBucket(appID: appID, user: $0) }).sorted()
        try await connection.query(
            """
            INSERT INTO contribution_locks (bucket) SELECT b FROM unnest(\(buckets)::bigint[]) AS b ORDER BY b
            ON CONFLICT (bucket) DO UPDATE SET bucket = EXCLUDED.bucket
            """, logger: logger)

        var environments: [String] = [], users: [String] = [], names: [String] = []
        for (user, userSubjects) in subjects {
            for subject in userSubjects {
                environments.append(user.environment)
                users.append(user.userID)
                names.append(subject.text)
            }
        }
        // The users' events of those subjects, in storage order: a flow's by `flow_id`, a
        // walkthrough's (events of no flow) by `walkthrough_id`; each join follows `events_by_flow_user`.
        var lines: [ContributionUser: [(seq: Int64, line: String)]] = [:]
        for try await (environment, user, seq, line) in try await connection.query(
            """
            SELECT e, u, seq, line FROM (
                SELECT t.e, t.u, v.seq, v.line FROM unnest(\(environments)::text[], \(users)::text[], \(names)::text[]) AS t(e, u, s)
                JOIN events v ON v.app_id = \(appID) AND v.flow_id = t.s AND v.user_id = t.u AND v.environment = t.e
                UNION ALL
                SELECT t.e, t.u, v.seq, v.line FROM unnest(\(environments)::text[], \(users)::text[], \(names)::text[]) AS t(e, u, s)
                JOIN events v ON v.app_id = \(appID) AND v.flow_id IS NULL AND v.user_id = t.u AND v.environment = t.e
                    AND v.walkthrough_id = t.s
            ) AS found ORDER BY seq
            """, logger: logger
        ).decode((String, String, Int64, String).self) {
            lines[ContributionUser(environment: environment, userID: user), default: []].append((seq, line))
        }
        // The events beyond the limits go again; a user all of whose new events went keeps their rows.
        var refused: [Int64: String] = [:]
        var kept: [ContributionUser: [String]] = [:]
        for (user, stored) in lines {
            guard let mine = inserted[user], !mine.isEmpty else {
                kept[user] = stored.map(\.line)
                continue
            }
            let admission = ContributionChanges.admit(stored: stored, inserted: mine)
            refused.merge(admission.refused) { first, _ in first }
            if admission.refused.count < mine.count { kept[user] = admission.lines }
        }
        if !refused.isEmpty {
            try await connection.query(
                "DELETE FROM events WHERE app_id = \(appID) AND seq = ANY(\(refused.keys.sorted())::bigint[])", logger: logger)
        }
        (environments, users, names) = ([], [], [])
        for (user, userSubjects) in subjects where kept[user] != nil || lines[user] == nil {
            for subject in userSubjects {
                environments.append(user.environment)
                users.append(user.userID)
                names.append(subject.text)
            }
        }
        guard !environments.isEmpty else { return refused }
        var old: [ContributionUser: [StoredContribution]] = [:]
        for try await (environment, user, subject, revision, start, group, totals) in try await connection.query(
            """
            SELECT r.environment, r.user_id, r.subject, r.revision, r.start_ms, r.grp, r.totals
            FROM unnest(\(environments)::text[], \(users)::text[], \(names)::text[]) AS t(e, u, s)
            JOIN contribution_rows r ON r.app_id = \(appID) AND r.environment = t.e AND r.user_id = t.u AND r.subject = t.s
            """, logger: logger
        ).decode((String, String, String, Int64, Int64?, String, ByteBuffer).self) {
            let key = ContributionUser(environment: environment, userID: user)
            let row = try ContributionChanges.row(subject: subject, revision: revision, startMs: start, group: group, totals: Array(totals.readableBytesView))
            old[key, default: []].append(StoredContribution(user: key, row: row))
        }
        var changes = ContributionChanges()
        for (user, userSubjects) in subjects where kept[user] != nil || lines[user] == nil {
            let new = ContributionChanges.rows(lines: kept[user] ?? [], subjects: userSubjects).map { StoredContribution(user: user, row: $0) }
            try changes.replace(old[user] ?? [], with: new)
        }
        if !old.isEmpty {
            try await connection.query(
                """
                DELETE FROM contribution_rows r USING unnest(\(environments)::text[], \(users)::text[], \(names)::text[]) AS t(e, u, s)
                WHERE r.app_id = \(appID) AND r.environment = t.e AND r.user_id = t.u AND r.subject = t.s
                """, logger: logger)
        }
        try await insertRows(connection, appID: appID, changes.rows, logger: logger)
        try await applyCells(connection, appID: appID, changes.changedCells, logger: logger)
        return refused
    }

    private static func insertRows(_ connection: PostgresConnection, appID: String, _ rows: [StoredContribution], logger: Logger) async throws {
        guard !rows.isEmpty else { return }
        let environments = rows.map(\.user.environment), users = rows.map(\.user.userID)
        let kinds = rows.map(\.row.kind.rawValue), subjects = rows.map(\.row.subject)
        let revisions = rows.map { $0.row.revision.map(Int64.init) ?? StoreSchema.allRevisions }
        // An array holds no NULL here: `hasStart` says which starts are given.
        let hasStart = rows.map { $0.row.startMs != nil }, starts = rows.map { $0.row.startMs ?? 0 }
        let groups = rows.map(\.row.group), totals = rows.map { Self.hex($0.row.totals.bytes) }
        try await connection.query(
            """
            INSERT INTO contribution_rows (app_id, environment, user_id, kind, subject, revision, start_ms, grp, totals)
            SELECT \(appID), e, u, k, s, r, CASE WHEN h THEN m END, g, decode(b, 'hex')
            FROM unnest(\(environments)::text[], \(users)::text[], \(kinds)::text[], \(subjects)::text[], \(revisions)::bigint[],
                        \(hasStart)::boolean[], \(starts)::bigint[], \(groups)::text[], \(totals)::text[]) AS t(e, u, k, s, r, h, m, g, b)
            """, logger: logger)
    }

    /// Adds each difference to its cell, holding the cells' row locks from the first statement
    /// (taken in key order): held beside the cell while it holds fewer than
    /// ``StoreSchema/cellChangesHeld`` − 1 changes, else folded into it with them (a new cell is
    /// written at once); a cell left with nothing is deleted.
    private static func applyCells(
        _ connection: PostgresConnection, appID: String, _ cells: [(key: ContributionCellKey, delta: ContributionTotals)], logger: Logger
    ) async throws {
        guard !cells.isEmpty else { return }
        let environments = cells.map(\.key.environment), kinds = cells.map(\.key.kind), subjects = cells.map(\.key.subject)
        let revisions = cells.map(\.key.revision), days = cells.map(\.key.day), groups = cells.map(\.key.group)
        var inserted: Set<ContributionCellKey> = []
        // A new cell is inserted empty and locked like the others; what it holds is written below.
        for try await (environment, kind, subject, revision, day, group, new) in try await connection.query(
            """
            INSERT INTO contribution_cells (app_id, environment, kind, subject, revision, day, grp, users, totals)
            SELECT \(appID), e, k, s, r, d, g, 0, '\\x'::bytea
            FROM unnest(\(environments)::text[], \(kinds)::text[], \(subjects)::text[], \(revisions)::bigint[], \(days)::bigint[],
                        \(groups)::text[]) AS t(e, k, s, r, d, g)
            ORDER BY e COLLATE "C", k COLLATE "C", s COLLATE "C", r, d, g COLLATE "C"
            ON CONFLICT (app_id, environment, kind, subject, revision, day, grp) DO UPDATE SET users = contribution_cells.users
            RETURNING environment, kind, subject, revision, day, grp, (xmax = 0)
            """, logger: logger
        ).decode((String, String, String, Int64, Int64, String, Bool).self) {
            if new { inserted.insert(ContributionCellKey(environment: environment, kind: kind, subject: subject, revision: revision, day: day, group: group)) }
        }
        // How many changes each cell holds, and the last one's number: under the cell's lock, so no other process adds one meanwhile.
        var held: [ContributionCellKey: (count: Int, last: Int64)] = [:]
        for try await (environment, kind, subject, revision, day, group, count, last) in try await connection.query(
            """
            SELECT t.e, t.k, t.s, t.r, t.d, t.g, COUNT(*), MAX(c.n)
            FROM unnest(\(environments)::text[], \(kinds)::text[], \(subjects)::text[], \(revisions)::bigint[], \(days)::bigint[],
                        \(groups)::text[]) AS t(e, k, s, r, d, g)
            JOIN contribution_cell_changes c ON c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s
                AND c.revision = t.r AND c.day = t.d AND c.grp = t.g
            GROUP BY t.e, t.k, t.s, t.r, t.d, t.g
            """, logger: logger
        ).decode((String, String, String, Int64, Int64, String, Int64, Int64).self) {
            let key = ContributionCellKey(environment: environment, kind: kind, subject: subject, revision: revision, day: day, group: group)
            held[key] = (Int(count), last)
        }
        var holding: [(key: ContributionCellKey, number: Int64, delta: ContributionTotals)] = []
        var folding: [(key: ContributionCellKey, delta: ContributionTotals)] = []
        for (key, delta) in cells {
            let cell = held[key] ?? (0, 0)
            if ContributionChanges.holds(stored: !inserted.contains(key), heldCount: cell.count) {
                holding.append((key, cell.last + 1, delta))
            } else {
                folding.append((key, delta))
            }
        }
        if !holding.isEmpty {
            let keys = holding.map(\.key)
            let numbers = holding.map(\.number), users = holding.map { Int64($0.delta.users) }, totals = holding.map { Self.hex($0.delta.bytes) }
            try await connection.query(
                """
                INSERT INTO contribution_cell_changes (app_id, environment, kind, subject, revision, day, grp, n, users, totals)
                SELECT \(appID), e, k, s, r, d, g, n, u, decode(b, 'hex')
                FROM unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                            \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[],
                            \(numbers)::bigint[], \(users)::bigint[], \(totals)::text[]) AS t(e, k, s, r, d, g, n, u, b)
                """, logger: logger)
        }
        guard !folding.isEmpty else { return }
        try await fold(connection, appID: appID, folding, inserted: inserted, held: held, logger: logger)
    }

    /// Folds each of `cells`' held changes and difference into its sum (a new cell, in `inserted`,
    /// holds nothing yet), writes it back with its durations counted by page, adds their exact
    /// values to its pages, and deletes the folded changes.
    private static func fold(
        _ connection: PostgresConnection, appID: String, _ cells: [(key: ContributionCellKey, delta: ContributionTotals)],
        inserted: Set<ContributionCellKey>, held: [ContributionCellKey: (count: Int, last: Int64)], logger: Logger
    ) async throws {
        let keys = cells.map(\.key)
        let stored = keys.filter { !inserted.contains($0) }
        let existing = try await cellTotals(connection, appID: appID, in: "contribution_cells", of: stored, logger: logger).compactMapValues(\.first)
        let holdingAny = keys.filter { (held[$0]?.count ?? 0) > 0 }
        var changes: [ContributionCellKey: [[UInt8]]] = [:]
        if !holdingAny.isEmpty {
            changes = try await cellTotals(connection, appID: appID, in: "contribution_cell_changes", of: holdingAny, logger: logger)
            try await deleteRows(connection, appID: appID, in: "contribution_cell_changes", of: holdingAny, logger: logger)
        }
        var written: [(key: ContributionCellKey, totals: ContributionTotals)] = []
        var emptied: [ContributionCellKey] = []
        var pages: [(key: ContributionCellKey, page: Int32, part: ContributionTotals)] = []
        for (key, delta) in cells {
            let (counted, parts) = try ContributionChanges.fold(existing[key], held: changes[key] ?? [], plus: delta)
            if let counted {
                written.append((key, counted))
                pages += parts.sorted { $0.key < $1.key }.map { (key, $0.key, $0.value) }
            } else {
                emptied.append(key)
            }
        }
        try await addPages(connection, appID: appID, pages, logger: logger)
        if !written.isEmpty {
            let keys = written.map(\.key)
            let users = written.map { Int64($0.totals.users) }, totals = written.map { Self.hex($0.totals.bytes) }
            try await connection.query(
                """
                UPDATE contribution_cells c SET users = t.n, totals = decode(t.b, 'hex')
                FROM unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                            \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[],
                            \(users)::bigint[], \(totals)::text[]) AS t(e, k, s, r, d, g, n, b)
                WHERE c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s AND c.revision = t.r
                    AND c.day = t.d AND c.grp = t.g
                """, logger: logger)
        }
        try await deleteRows(connection, appID: appID, in: "contribution_cells", of: emptied, logger: logger)
        try await deleteRows(connection, appID: appID, in: "contribution_cell_pages", of: emptied, logger: logger)
    }

    /// Adds each part to its cell's stored page (under the cell's lock): the sum is written, or the
    /// page deleted when nothing is left.
    private static func addPages(
        _ connection: PostgresConnection, appID: String, _ parts: [(key: ContributionCellKey, page: Int32, part: ContributionTotals)],
        logger: Logger
    ) async throws {
        guard !parts.isEmpty else { return }
        struct PageKey: Hashable {
            var cell: ContributionCellKey
            var page: Int64
        }
        let keys = parts.map(\.key), numbers = parts.map { Int64($0.page) }
        var stored: [PageKey: [UInt8]] = [:]
        for try await (environment, kind, subject, revision, day, group, page, totals) in try await connection.query(
            """
            SELECT c.environment, c.kind, c.subject, c.revision, c.day, c.grp, c.page, c.totals
            FROM unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                        \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[],
                        \(numbers)::bigint[]) AS t(e, k, s, r, d, g, p)
            JOIN contribution_cell_pages c ON c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s
                AND c.revision = t.r AND c.day = t.d AND c.grp = t.g AND c.page = t.p
            """, logger: logger
        ).decode((String, String, String, Int64, Int64, String, Int64, ByteBuffer).self) {
            let cell = ContributionCellKey(environment: environment, kind: kind, subject: subject, revision: revision, day: day, group: group)
            stored[PageKey(cell: cell, page: page)] = Array(totals.readableBytesView)
        }
        var written: [(key: ContributionCellKey, page: Int64, bytes: [UInt8])] = []
        var emptied: [(key: ContributionCellKey, page: Int64)] = []
        for (key, page, part) in parts {
            let existing = stored[PageKey(cell: key, page: Int64(page))]
            if let sum = try ContributionChanges.sum(existing, plus: part) {
                written.append((key, Int64(page), sum.bytes))
            } else if existing != nil {
                emptied.append((key, Int64(page)))
            }
        }
        if !written.isEmpty {
            let keys = written.map(\.key), numbers = written.map(\.page), totals = written.map { Self.hex($0.bytes) }
            try await connection.query(
                """
                INSERT INTO contribution_cell_pages (app_id, environment, kind, subject, revision, day, grp, page, totals)
                SELECT \(appID), e, k, s, r, d, g, p, decode(b, 'hex')
                FROM unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                            \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[],
                            \(numbers)::bigint[], \(totals)::text[]) AS t(e, k, s, r, d, g, p, b)
                ON CONFLICT (app_id, environment, kind, subject, revision, day, grp, page) DO UPDATE SET totals = excluded.totals
                """, logger: logger)
        }
        if !emptied.isEmpty {
            let keys = emptied.map(\.key), numbers = emptied.map(\.page)
            try await connection.query(
                """
                DELETE FROM contribution_cell_pages c
                USING unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                             \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[],
                             \(numbers)::bigint[]) AS t(e, k, s, r, d, g, p)
                WHERE c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s AND c.revision = t.r
                    AND c.day = t.d AND c.grp = t.g AND c.page = t.p
                """, logger: logger)
        }
    }

    /// Deletes `keys`' rows in `table` (`contribution_cells`, `contribution_cell_changes` or, every page of each, `contribution_cell_pages`).
    private static func deleteRows(
        _ connection: PostgresConnection, appID: String, in table: String, of keys: [ContributionCellKey], logger: Logger
    ) async throws {
        guard !keys.isEmpty else { return }
        try await connection.query(
            """
            DELETE FROM \(unescaped: table) c
            USING unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                         \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[])
                AS t(e, k, s, r, d, g)
            WHERE c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s AND c.revision = t.r
                AND c.day = t.d AND c.grp = t.g
            """, logger: logger)
    }

    /// The totals of `keys`' rows in `table` (`contribution_cells`, or `contribution_cell_changes`
    /// in the order they were held), by cell.
    private static func cellTotals(
        _ connection: PostgresConnection, appID: String, in table: String, of keys: [ContributionCellKey], logger: Logger
    ) async throws -> [ContributionCellKey: [[UInt8]]] {
        guard !keys.isEmpty else { return [:] }
        var totalsByCell: [ContributionCellKey: [[UInt8]]] = [:]
        for try await (environment, kind, subject, revision, day, group, totals) in try await connection.query(
            """
            SELECT c.environment, c.kind, c.subject, c.revision, c.day, c.grp, c.totals
            FROM unnest(\(keys.map(\.environment))::text[], \(keys.map(\.kind))::text[], \(keys.map(\.subject))::text[],
                        \(keys.map(\.revision))::bigint[], \(keys.map(\.day))::bigint[], \(keys.map(\.group))::text[]) AS t(e, k, s, r, d, g)
            JOIN \(unescaped: table) c ON c.app_id = \(appID) AND c.environment = t.e AND c.kind = t.k AND c.subject = t.s
                AND c.revision = t.r AND c.day = t.d AND c.grp = t.g
            \(unescaped: table == "contribution_cell_changes" ? "ORDER BY c.n" : "")
            """, logger: logger
        ).decode((String, String, String, Int64, Int64, String, ByteBuffer).self) {
            let key = ContributionCellKey(environment: environment, kind: kind, subject: subject, revision: revision, day: day, group: group)
            totalsByCell[key, default: []].append(Array(totals.readableBytesView))
        }
        return totalsByCell
    }

    /// Recomputes every row of `userID` in each environment of the app from the events left (after
    /// an erasure, none: the rows go and the cells lose them).
    static func recomputeContributions(_ connection: PostgresConnection, appID: String, userID: String, logger: Logger) async throws {
        var subjects: [ContributionUser: Set<ExactID>] = [:]
        for try await (environment, subject) in try await connection.query(
            """
            SELECT DISTINCT r.environment, r.subject FROM environments n
            JOIN contribution_rows r ON r.app_id = n.app_id AND r.environment = n.name AND r.user_id = \(userID)
            WHERE n.app_id = \(appID)
            """, logger: logger
        ).decode((String, String).self) {
            subjects[ContributionUser(environment: environment, userID: userID), default: []].insert(ExactID(subject))
        }
        try await recomputeContributions(connection, appID: appID, subjects: subjects, logger: logger)
    }

    /// Recomputes, per app, the users of events that were deleted (`expired`: app, environment,
    /// user, flow and walkthrough of each).
    static func recomputeContributions(
        _ connection: PostgresConnection, expired: [(String, String, String, String?, String?)], logger: Logger
    ) async throws {
        var subjects: [String: [ContributionUser: Set<ExactID>]] = [:]
        for (appID, environment, userID, flowID, walkthroughID) in expired {
            guard let subject = flowID ?? walkthroughID else { continue }
            subjects[appID, default: [:]][ContributionUser(environment: environment, userID: userID), default: []].insert(ExactID(subject))
        }
        for appID in subjects.keys.sorted() {
            try await recomputeContributions(connection, appID: appID, subjects: subjects[appID] ?? [:], logger: logger)
        }
    }

    // MARK: The ledger's version

    /// The key of the advisory lock over the ledger: exclusive for its rebuild, shared (without
    /// waiting) for each transaction that changes it.
    static let ledgerLock: Int64 = 7_469_707_002

    /// The ledger's recorded version; nil when the table has no row.
    static func ledgerVersion(_ client: BoundedPostgresClient, logger: Logger) async throws -> Int? {
        var stored: Int?
        for try await version in try await client.query(PostgresQuery(unsafeSQL: StoreSchema.reportLedgerVersionQuery), logger: logger)
            .decode(Int.self) {
            stored = version
        }
        return stored
    }

    /// The ledger's recorded version, read in `connection`'s transaction; nil when the table has no row.
    static func ledgerVersion(_ connection: PostgresConnection, logger: Logger) async throws -> Int? {
        var stored: Int?
        for try await version in try await connection.query(PostgresQuery(unsafeSQL: StoreSchema.reportLedgerVersionQuery), logger: logger)
            .decode(Int.self) {
            stored = version
        }
        return stored
    }

    /// Refuses unless the ledger was built by this server's report rules (``ReportLedger``): another
    /// server of the database may run another version, or be rebuilding it now (then this one
    /// answers at once rather than waiting for the rebuild's lock).
    static func checkLedger(_ connection: PostgresConnection, _ ledger: ReportLedger, logger: Logger) async throws {
        var locked = false
        for try await value in try await connection.query("SELECT pg_try_advisory_xact_lock_shared(\(ledgerLock))", logger: logger)
            .decode(Bool.self) {
            locked = value
        }
        guard locked else { throw ReportLedger.rebuildingElsewhere(version: ledger.version) }
        try await checkLedgerVersion(connection, ledger, logger: logger)
    }

    /// Reads the ledger's version where no lock is needed: a snapshot sees one version's sums.
    static func checkLedgerVersion(_ connection: PostgresConnection, _ ledger: ReportLedger, logger: Logger) async throws {
        try ledger.check(stored: try await ledgerVersion(connection, logger: logger))
    }

    public func rebuildReportLedger(logger: Logger) async throws {
        let ledger = reportLedger
        var counted = 0
        for try await count in try await client.query("SELECT COALESCE(SUM(events), 0)::bigint FROM event_counts", logger: logger)
            .decode(Int.self) {
            counted = count
        }
        let total = counted
        let storeLogger = self.logger
        var succeeded = false
        defer { ledger.endRebuild(succeeded: succeeded) }
        // One transaction under the ledger's lock: servers starting together rebuild once (the others
        // wait here, then find the version current), and one that stops leaves the ledger it found.
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.ledgerLock))", logger: storeLogger)
            let stored = try await Self.ledgerVersion(connection, logger: storeLogger) ?? 0
            ledger.note(stored: stored)
            guard ledger.needsRebuild else { return }
            ledger.startRebuild(stored: stored, total: total)
            var log = ReportLedgerRebuildLog(logger: logger, stored: stored, version: ledger.version, total: total)
            let events = try await Self.rebuildContributions(connection, logger: storeLogger) { read in
                ledger.progress(read: read)
                log.read(read)
            }
            let now = Timestamp.milliseconds(Date())
            try await connection.query("UPDATE report_ledger SET version = \(ledger.version), built_at = \(now) WHERE id = 1", logger: storeLogger)
            log.finished(events: events)
        }
        succeeded = true
    }

    // MARK: Rebuilding

    /// Empties the contribution tables and fills them again from every stored event, user by user
    /// (the migration step that adds them runs it, under the migration's lock). Memory holds one
    /// page of events, one user's events and a bounded number of cell differences. Events of no
    /// flow get their `walkthrough_id` from their line where it is missing. `progress` is told the
    /// events read so far after each page; returns how many were read.
    @discardableResult
    static func rebuildContributions(
        _ connection: PostgresConnection, logger: Logger, progress: (Int) -> Void = { _ in }
    ) async throws -> Int {
        try await connection.query("DELETE FROM contribution_cells", logger: logger)
        try await connection.query("DELETE FROM contribution_cell_changes", logger: logger)
        try await connection.query("DELETE FROM contribution_cell_pages", logger: logger)
        try await connection.query("DELETE FROM contribution_rows", logger: logger)
        // Reads events by user; dropped at the end.
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS contribution_rebuild ON events (app_id, environment, user_id, seq)", logger: logger)
        var rebuild = ContributionRebuild()
        var cursor: (app: String, environment: String, user: String, seq: Int64) = ("", "", "", Int64.min)
        let limit = ContributionRebuild.pageSize
        var read = 0
        // Bounded by the number of events: each page reads past the last one.
        while true {
            var count = 0
            var walkthroughSeqs: [Int64] = [], walkthroughIDs: [String] = []
            var finished: [ContributionRebuild.Finished] = []
            for try await (seq, appID, environment, userID, flowID, storedWalkthrough, line) in try await connection.query(
                """
                SELECT seq, app_id, environment, user_id, flow_id, walkthrough_id, line FROM events
                WHERE (app_id, environment, user_id, seq) > (\(cursor.app), \(cursor.environment), \(cursor.user), \(cursor.seq))
                ORDER BY app_id, environment, user_id, seq LIMIT \(limit)
                """, logger: logger
            ).decode((Int64, String, String, String, String?, String?, String).self) {
                count += 1
                var walkthroughID = storedWalkthrough
                if flowID == nil, walkthroughID == nil, let found = ContributionRebuild.walkthroughID(inLine: line) {
                    walkthroughID = found
                    walkthroughSeqs.append(seq)
                    walkthroughIDs.append(found)
                }
                let user = ContributionUser(environment: environment, userID: userID)
                if let done = try rebuild.add(appID: appID, user: user, subject: flowID ?? walkthroughID, line: line) { finished.append(done) }
                cursor = (appID, environment, userID, seq)
            }
            if !walkthroughSeqs.isEmpty {
                try await connection.query(
                    """
                    UPDATE events e SET walkthrough_id = t.w FROM unnest(\(walkthroughSeqs)::bigint[], \(walkthroughIDs)::text[]) AS t(s, w)
                    WHERE e.seq = t.s
                    """, logger: logger)
            }
            for done in finished { try await flush(connection, done, logger: logger) }
            read += count
            progress(read)
            if count < limit { break }
        }
        if let done = try rebuild.finish() { try await flush(connection, done, logger: logger) }
        try await connection.query("DROP INDEX IF EXISTS contribution_rebuild", logger: logger)
        return read
    }

    private static func flush(_ connection: PostgresConnection, _ finished: ContributionRebuild.Finished, logger: Logger) async throws {
        try await insertRows(connection, appID: finished.appID, finished.rows, logger: logger)
        if let cells = finished.cells { try await applyCells(connection, appID: finished.appID, cells.changedCells, logger: logger) }
    }

    /// Bytes as hexadecimal text, which `decode(…, 'hex')` reads back (arrays of it bind as `text[]`).
    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: Reading

    public func contributionSubjects(appID: AppID, environment: EnvironmentName, kind: ContributionKind, limit: Int) async throws -> [String] {
        let query = ContributionScopeQuery.subjects(appID: appID.rawValue, environment: environment.rawValue, kind: kind, limit: limit)
        let ledger = reportLedger
        try ledger.checkReady()
        let logger = logger
        return try await transaction { connection in
            try await Self.checkLedgerVersion(connection, ledger, logger: logger)
            var subjects: [String] = []
            for try await subject in try await connection.query(PostgresQuery(query.statement(in: .postgres)), logger: logger)
                .decode(String.self) {
                subjects.append(subject)
            }
            return subjects
        }
    }

    public func contributions(
        appID: AppID, environment: EnvironmentName, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
        cells: CellSelection, medianPages: (@Sendable (ContributionScope) -> MedianPages)?
    ) async throws -> ContributionScope {
        let query = ContributionScopeQuery(
            appID: appID.rawValue, environment: environment.rawValue, kind: kind, subject: subject, revision: revision, since: since, until: until,
            cells: cells)
        // One snapshot for every statement: a cell, its held changes and its pages as of one moment,
        // whatever a fold commits meanwhile.
        do {
            return try await readScope(query, subject: subject, revision: revision, medianPages: medianPages)
        } catch let error as PostgresTransactionError {
            // What went wrong inside (a damaged row, a lost connection) says more than the rollback.
            throw error.closureError ?? error
        }
    }

    private func readScope(
        _ query: ContributionScopeQuery, subject: String, revision: Int?, medianPages: (@Sendable (ContributionScope) -> MedianPages)?
    ) async throws -> ContributionScope {
        let logger = logger
        let ledger = reportLedger
        try ledger.checkReady()
        return try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            try await Self.checkLedgerVersion(connection, ledger, logger: logger)
            var collector = ContributionScopeQuery.Collector(query)
            func read(_ reads: ContributionScopeQuery.Reads, _ sql: SQLQuery) async throws {
                let rows = try await connection.query(PostgresQuery(sql.statement(in: .postgres)), logger: logger)
                switch reads {
                case .cells:
                    for try await (day, group, totals) in rows.decode((Int64, String, ByteBuffer).self) {
                        try collector.add(day: day, startMs: nil, group: group, totals: Array(totals.readableBytesView))
                    }
                case .users:
                    for try await (start, group, totals) in rows.decode((Int64, String, ByteBuffer).self) {
                        try collector.add(day: nil, startMs: start, group: group, totals: Array(totals.readableBytesView))
                    }
                case .groups:
                    for try await group in rows.decode(String.self) { try collector.addGroup(group) }
                }
            }
            for (reads, sql) in query.statements { try await read(reads, sql) }
            if let pages = query.pageStatement(medianPages.map { $0(collector.scope) }) {
                try await read(.cells, pages)
            }
            return collector.scope
        }
    }

    public func storedContributions(appID: AppID, environment: EnvironmentName) async throws -> StoredContributions {
        try reportLedger.checkReady()
        try reportLedger.check(stored: try await Self.ledgerVersion(client, logger: logger))
        var cells: [ContributionRow] = [], held: [ContributionRow] = []
        for (table, order) in [("contribution_cells", ""), ("contribution_cell_pages", ", page"), ("contribution_cell_changes", ", n")] {
            for try await (subject, revision, day, group, totals) in try await client.query(
                PostgresQuery(SQLStatement(
                    text: """
                        SELECT subject, revision, day, grp, totals FROM \(table) WHERE app_id = $1 AND environment = $2
                        ORDER BY kind, subject, revision, day, grp\(order)
                        """,
                    values: [.text(appID.rawValue), .text(environment.rawValue)])), logger: logger
            ).decode((String, Int64, Int64, String, ByteBuffer).self) {
                let row = try ContributionChanges.row(
                    subject: subject, revision: revision, startMs: day == StoreSchema.noStartDay ? nil : day * ContributionScopeQuery.dayMs,
                    group: group, totals: Array(totals.readableBytesView))
                if table == "contribution_cells" { cells.append(row) } else { held.append(row) }
            }
        }
        cells = try ContributionChanges.folded(cells: cells, held: held)
        var users: [ExactID: [ContributionRow]] = [:]
        for try await (user, subject, revision, start, group, totals) in try await client.query(
            """
            SELECT user_id, subject, revision, start_ms, grp, totals FROM contribution_rows WHERE app_id = \(appID) AND environment = \(environment)
            ORDER BY user_id, kind, subject, revision
            """, logger: logger
        ).decode((String, String, Int64, Int64?, String, ByteBuffer).self) {
            users[ExactID(user), default: []].append(try ContributionChanges.row(
                subject: subject, revision: revision, startMs: start, group: group, totals: Array(totals.readableBytesView)))
        }
        return StoredContributions(cells: cells, users: users)
    }
}

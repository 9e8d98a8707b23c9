import WaypointTools

/// The statements that read a report's scope, the same for both stores (each binds the values in
/// its own ``SQLDialect``); each reads a range of `contribution_cells`' key or of
/// `contribution_rows_by_start`, so their cost follows days × groups and the users who started in
/// the cut days, never events. A cell's figures are its row in `contribution_cells` plus its held
/// changes in `contribution_cell_changes` (fewer than ``StoreSchema/cellChangesHeld``), read with the
/// same condition; the exact durations of the pages a report's medians need are read from
/// `contribution_cell_pages`, each grouping with the pages its medians need (``pageStatement(_:)``).
struct ContributionScopeQuery: Sendable {
    static let dayMs: Int64 = 86_400_000
    /// Times are clamped into ± this (about 146 million years), so no day arithmetic overflows.
    static let farTime: Int64 = 1 << 62

    /// What a statement returns: cells (`day, grp, totals`), users' rows (`start_ms, grp, totals`),
    /// or groups (`grp`).
    enum Reads: Sendable {
        case cells, users, groups
    }

    var appID: String
    var environment: String
    var kind: ContributionKind
    var subject: String
    var revision: Int?
    var since: Int64?
    var until: Int64?
    /// The groupings of the cells read (``CellSelection``): their groups' ranges.
    var cells: CellSelection = .every

    private static let prefix = "app_id = ? AND environment = ? AND kind = ? AND subject = ? AND revision = ?"

    private var prefixValues: [SQLStatement.Value] {
        [.text(appID), .text(environment), .text(kind.rawValue), .text(subject), .integer(revision.map(Int64.init) ?? StoreSchema.allRevisions)]
    }

    /// The condition on the cells' groups, after the key's prefix: each grouping read is a range
    /// of `grp`, which sorts by bytes; none for every cell.
    private var groupCondition: (condition: String, values: [SQLStatement.Value]) {
        guard let prefixes = cells.prefixes else { return ("", []) }
        let ranges = Array(repeating: "(grp >= ? AND grp < ?)", count: prefixes.count).joined(separator: " OR ")
        return (" AND (\(ranges))", prefixes.flatMap { [SQLStatement.Value.text($0), .text(CellSelection.upperBound(of: $0))] })
    }

    /// Which days' cells the scope reads, as a condition after the key's prefix: all of them
    /// without a range, the days wholly inside a range; nil when it reads no cell.
    private var cellDays: (condition: String, values: [SQLStatement.Value])? {
        if let revision, revision < 1 { return nil }
        guard since != nil || until != nil else { return ("", []) }
        return fullDays.map { (" AND day >= ? AND day < ?", [.integer($0.first), .integer($0.end)]) }
    }

    /// The UTC days wholly in the range: from the first day that starts at or after its start, to
    /// the day its end falls in (excluded); nil when there is none.
    private var fullDays: (first: Int64, end: Int64)? {
        let (from, to) = bounds
        let first = ContributionRow.day(ofMilliseconds: from) + (from % Self.dayMs == 0 ? 0 : 1)
        let end = ContributionRow.day(ofMilliseconds: to)
        return first < end ? (first, end) : nil
    }

    /// The range in milliseconds, clamped into ± ``farTime``.
    private var bounds: (from: Int64, to: Int64) {
        (max(min(since ?? -Self.farTime, Self.farTime), -Self.farTime), max(min(until ?? Self.farTime, Self.farTime), -Self.farTime))
    }

    /// The statement that reads exact durations in the cells the scope reads (`day, grp, totals`,
    /// as ``Reads/cells``): each grouping's cells with the pages its medians need (every page of
    /// every cell read when `pages` is nil); nil when it reads no cell or no page is asked for.
    func pageStatement(_ pages: MedianPages?) -> SQLQuery? {
        guard pages?.isEmpty != true, let cellDays else { return nil }
        let head = "SELECT day, grp, totals FROM contribution_cell_pages WHERE \(Self.prefix)\(cellDays.condition)"
        let values = prefixValues + cellDays.values
        guard let pages else {
            let groups = groupCondition
            return SQLQuery(text: head + groups.condition, values: values + groups.values)
        }
        // A grouping is a range of `grp` (``CellSelection``): the range, then its pages.
        var conditions: [String] = []
        var pageValues: [SQLStatement.Value] = []
        for (prefix, numbers) in pages.byPrefix.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let list = Array(repeating: "?", count: numbers.count).joined(separator: ", ")
            conditions.append("(grp >= ? AND grp < ? AND page IN (\(list)))")
            pageValues += [.text(prefix), .text(CellSelection.upperBound(of: prefix))] + numbers.sorted().map { .integer(Int64($0)) }
        }
        return SQLQuery(text: head + " AND (\(conditions.joined(separator: " OR ")))", values: values + pageValues)
    }

    /// The rows of the scope, then the groups outside it.
    var statements: [(reads: Reads, query: SQLQuery)] {
        let prefix = Self.prefix
        let prefixValues = self.prefixValues
        let groupings = groupCondition
        func cells(_ condition: String = "", _ values: [SQLStatement.Value] = []) -> [(reads: Reads, query: SQLQuery)] {
            ["contribution_cells", "contribution_cell_changes"].map { table in
                (.cells, SQLQuery(
                    text: "SELECT day, grp, totals FROM \(table) WHERE \(prefix)\(condition)\(groupings.condition)",
                    values: prefixValues + values + groupings.values))
            }
        }
        func users(from: Int64, to: Int64) -> (Reads, SQLQuery) {
            (.users, SQLQuery(
                text: "SELECT start_ms, grp, totals FROM contribution_rows WHERE \(prefix) AND start_ms >= ? AND start_ms < ?",
                values: prefixValues + [.integer(from), .integer(to)]))
        }
        func groups(_ table: String, _ condition: String, _ values: [SQLStatement.Value]) -> (Reads, SQLQuery) {
            (.groups, SQLQuery(text: "SELECT DISTINCT grp FROM \(table) WHERE \(prefix) AND (\(condition))", values: prefixValues + values))
        }
        // The groups of the cells that hold users once their held changes are added.
        func cellGroups(_ condition: String, _ values: [SQLStatement.Value]) -> (Reads, SQLQuery) {
            let held = ["contribution_cells", "contribution_cell_changes"].map {
                "SELECT day, grp, users FROM \($0) WHERE \(prefix) AND (\(condition))\(groupings.condition)"
            }
            let tableValues = prefixValues + values + groupings.values
            return (.groups, SQLQuery(
                text: """
                    SELECT DISTINCT grp FROM (SELECT day, grp, SUM(users) AS users FROM (\(held.joined(separator: " UNION ALL "))) AS held
                    GROUP BY day, grp) AS summed WHERE users > 0
                    """,
                values: tableValues + tableValues))
        }
        // Revisions below 1 are none the server serves, and no row of one is kept.
        if let revision, revision < 1 { return [] }
        guard since != nil || until != nil else { return cells() }
        let (from, to) = bounds
        guard from < to else { return [cellGroups("1 = 1", [])] }
        let day = ContributionRow.day(ofMilliseconds:)
        var statements: [(reads: Reads, query: SQLQuery)] = []
        if let full = fullDays, let cellDays {
            statements += cells(cellDays.condition, cellDays.values)
            if from < full.first * Self.dayMs { statements.append(users(from: from, to: full.first * Self.dayMs)) }
            if full.end * Self.dayMs < to { statements.append(users(from: full.end * Self.dayMs, to: to)) }
        } else {
            statements.append(users(from: from, to: to))
        }
        // Outside: the days wholly before or after the range (and users without a start), and the
        // users of the cut days whose start is outside.
        let firstDay = day(from), lastDay = day(to - 1)
        var outside = ["day = ?"]
        var values: [SQLStatement.Value] = [.integer(StoreSchema.noStartDay)]
        if since != nil {
            outside.append("day < ?")
            values.append(.integer(firstDay))
        }
        if until != nil {
            outside.append("day > ?")
            values.append(.integer(lastDay))
        }
        statements.append(cellGroups(outside.joined(separator: " OR "), values))
        var cut: [String] = []
        var cutValues: [SQLStatement.Value] = []
        if since != nil, firstDay * Self.dayMs < from {
            cut.append("(start_ms >= ? AND start_ms < ?)")
            cutValues += [.integer(firstDay * Self.dayMs), .integer(from)]
        }
        if until != nil, to < (lastDay + 1) * Self.dayMs {
            cut.append("(start_ms >= ? AND start_ms < ?)")
            cutValues += [.integer(to), .integer((lastDay + 1) * Self.dayMs)]
        }
        if !cut.isEmpty { statements.append(groups("contribution_rows", cut.joined(separator: " OR "), cutValues)) }
        return statements
    }

    /// The subjects of `kind` with users in an environment, in byte order, at most `limit`: the
    /// subjects of the cells that hold users once their held changes are added.
    static func subjects(appID: String, environment: String, kind: ContributionKind, limit: Int) -> SQLQuery {
        let condition = "app_id = ? AND environment = ? AND kind = ?"
        let held = ["contribution_cells", "contribution_cell_changes"].map { "SELECT subject, revision, day, grp, users FROM \($0) WHERE \(condition)" }
        let values: [SQLStatement.Value] = [.text(appID), .text(environment), .text(kind.rawValue)]
        return SQLQuery(
            text: """
                SELECT DISTINCT subject FROM (SELECT subject, SUM(users) AS users FROM (\(held.joined(separator: " UNION ALL "))) AS held
                GROUP BY subject, revision, day, grp) AS summed WHERE users > 0 ORDER BY subject LIMIT ?
                """,
            values: values + values + [.integer(Int64(limit))])
    }

    /// Gathers what the statements read into the scope: the cells, their held changes, their pages
    /// and the users' rows as they are (a report sums them, all durations at once), less the cells whose held
    /// changes took every user away; groups into a set. A user's row, and a user's group, is split
    /// into the cells it is summed into (``ContributionRow/cellRows()``), of the groupings read.
    struct Collector {
        var subject: String
        var revision: Int?
        var kind: ContributionKind
        var cells: CellSelection
        private var rows: [ContributionRow] = []
        /// Per cell, its users: a cell's rows add up to nothing exactly when they add up to no user.
        private var users: [ContributionRow.Cell: Int] = [:]
        private var groups: Set<String> = []

        init(subject: String, revision: Int?, kind: ContributionKind, cells: CellSelection = .every) {
            self.subject = subject
            self.revision = revision
            self.kind = kind
            self.cells = cells
        }

        init(_ query: ContributionScopeQuery) {
            self.init(subject: query.subject, revision: query.revision, kind: query.kind, cells: query.cells)
        }

        /// Adds a cell or one of its held changes (`day`), or a user's row (`startMs`), with its stored totals.
        mutating func add(day: Int64?, startMs: Int64?, group: String, totals: [UInt8]) throws {
            let start: Int64?
            if let day { start = day == StoreSchema.noStartDay ? nil : day * ContributionScopeQuery.dayMs } else { start = startMs }
            let totals = try ContributionTotals(bytes: totals)
            for group in try cellGroups(group) {
                let row = ContributionRow(
                    kind: totals.kind, subject: subject, revision: revision,
                    startMs: start.map { ContributionRow.day(ofMilliseconds: $0) * ContributionScopeQuery.dayMs }, group: group, totals: totals)
                users[row.cell, default: 0] += totals.users
                rows.append(row)
            }
        }

        mutating func addGroup(_ group: String) throws {
            groups.formUnion(try cellGroups(group))
        }

        /// The groups read of the cells `group` is summed into.
        private func cellGroups(_ group: String) throws -> [String] {
            try ContributionRow.cellGroups(of: group, kind: kind).filter(cells.contains)
        }

        /// The scope: the rows by day and group, in the order they were read within one.
        var scope: ContributionScope {
            let kept = rows.enumerated().filter { users[$0.element.cell] != 0 }
            let sorted = kept.sorted { lhs, rhs in
                let left = lhs.element.startMs ?? Int64.min, right = rhs.element.startMs ?? Int64.min
                if left != right { return left < right }
                if lhs.element.group != rhs.element.group { return lhs.element.group.utf8.lexicographicallyPrecedes(rhs.element.group.utf8) }
                return lhs.offset < rhs.offset
            }
            return ContributionScope(rows: sorted.map(\.element), groupsOutsideRange: groups)
        }
    }
}

import WaypointTools

/// The statements that read a report's scope, the same for both stores (each binds the values in
/// its own ``SQLDialect``); each reads a range of `contribution_cells`' key or of
/// `contribution_rows_by_start`, so their cost follows days × groups and the users who started in
/// the cut days, never events.
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

    /// The rows of the scope, then the groups outside it.
    var statements: [(reads: Reads, query: SQLQuery)] {
        let prefix = "app_id = ? AND environment = ? AND kind = ? AND subject = ? AND revision = ?"
        let prefixValues: [SQLStatement.Value] = [
            .text(appID), .text(environment), .text(kind.rawValue), .text(subject),
            .integer(revision.map(Int64.init) ?? StoreSchema.allRevisions),
        ]
        func cells(_ condition: String = "", _ values: [SQLStatement.Value] = []) -> (Reads, SQLQuery) {
            (.cells, SQLQuery(text: "SELECT day, grp, totals FROM contribution_cells WHERE \(prefix)\(condition)", values: prefixValues + values))
        }
        func users(from: Int64, to: Int64) -> (Reads, SQLQuery) {
            (.users, SQLQuery(
                text: "SELECT start_ms, grp, totals FROM contribution_rows WHERE \(prefix) AND start_ms >= ? AND start_ms < ?",
                values: prefixValues + [.integer(from), .integer(to)]))
        }
        func groups(_ table: String, _ condition: String, _ values: [SQLStatement.Value]) -> (Reads, SQLQuery) {
            (.groups, SQLQuery(text: "SELECT DISTINCT grp FROM \(table) WHERE \(prefix) AND (\(condition))", values: prefixValues + values))
        }
        // Revisions below 1 are none the server serves, and no row of one is kept.
        if let revision, revision < 1 { return [] }
        guard since != nil || until != nil else { return [cells()] }
        let from = max(min(since ?? -Self.farTime, Self.farTime), -Self.farTime)
        let to = max(min(until ?? Self.farTime, Self.farTime), -Self.farTime)
        guard from < to else { return [groups("contribution_cells", "1 = 1", [])] }
        let day = ContributionRow.day(ofMilliseconds:)
        // Days wholly in [from, to): from the first day that starts at or after `from`, to the day `to` falls in.
        let firstFull = day(from) + (from % Self.dayMs == 0 ? 0 : 1)
        let endFull = day(to)
        var statements: [(reads: Reads, query: SQLQuery)] = []
        if firstFull < endFull {
            statements.append(cells(" AND day >= ? AND day < ?", [.integer(firstFull), .integer(endFull)]))
            if from < firstFull * Self.dayMs { statements.append(users(from: from, to: firstFull * Self.dayMs)) }
            if endFull * Self.dayMs < to { statements.append(users(from: endFull * Self.dayMs, to: to)) }
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
        statements.append(groups("contribution_cells", outside.joined(separator: " OR "), values))
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

    /// Sums what the statements read into the scope: `cells` and `users` rows of the same day and
    /// group into one row, groups into a sorted list.
    struct Collector {
        var subject: String
        var revision: Int?
        private var sums: [ContributionRow.Cell: ContributionRow] = [:]
        private var groups: Set<String> = []

        init(subject: String, revision: Int?) {
            self.subject = subject
            self.revision = revision
        }

        /// Adds a cell (`day`) or a user's row (`startMs`), with its stored totals.
        mutating func add(day: Int64?, startMs: Int64?, group: String, totals: [UInt8]) throws {
            let start: Int64?
            if let day { start = day == StoreSchema.noStartDay ? nil : day * ContributionScopeQuery.dayMs } else { start = startMs }
            let totals = try ContributionTotals(bytes: totals)
            let row = ContributionRow(
                kind: totals.kind, subject: subject, revision: revision,
                startMs: start.map { ContributionRow.day(ofMilliseconds: $0) * ContributionScopeQuery.dayMs }, group: group, totals: totals)
            if var sum = sums[row.cell] {
                try sum.totals.add(totals)
                sums[row.cell] = sum
            } else {
                sums[row.cell] = row
            }
        }

        mutating func addGroup(_ group: String) { groups.insert(group) }

        var scope: ContributionScope {
            let rows = sums.values.sorted { lhs, rhs in
                let left = lhs.startMs ?? Int64.min, right = rhs.startMs ?? Int64.min
                return left != right ? left < right : lhs.group.utf8.lexicographicallyPrecedes(rhs.group.utf8)
            }
            return ContributionScope(rows: rows, groupsOutsideRange: groups)
        }
    }
}

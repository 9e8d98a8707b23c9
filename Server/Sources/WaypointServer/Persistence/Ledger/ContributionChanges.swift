import WaypointTools

/// One user of one environment: the unit whose report contributions are recomputed together
/// (docs/ARCHITECTURE.md, "Report contributions in the stores"). Users are told apart by the bytes
/// of their ids (``ExactID``), as the stores' columns and the reports over a file tell them.
struct ContributionUser: Hashable, Sendable {
    var environment: String
    var userID: String

    static func == (lhs: ContributionUser, rhs: ContributionUser) -> Bool {
        ExactID(lhs.environment) == ExactID(rhs.environment) && ExactID(lhs.userID) == ExactID(rhs.userID)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ExactID(environment))
        hasher.combine(ExactID(userID))
    }
}

/// A user's stored contribution row, with the environment and user it belongs to.
struct StoredContribution: Sendable {
    var user: ContributionUser
    var row: ContributionRow
}

/// The key of a `contribution_cells` row within an app; its text compares by bytes (``ExactID``), as the table's key does.
struct ContributionCellKey: Hashable, Sendable {
    var environment: String
    var kind: String
    var subject: String
    /// ``StoreSchema/allRevisions`` for a row over all the subject's events.
    var revision: Int64
    /// ``StoreSchema/noStartDay`` for users without a start.
    var day: Int64
    var group: String

    init(environment: String, cell: ContributionRow.Cell) {
        self.environment = environment
        kind = cell.kind.rawValue
        subject = cell.subject
        revision = cell.revision.map(Int64.init) ?? StoreSchema.allRevisions
        day = cell.startDay ?? StoreSchema.noStartDay
        group = cell.group
    }

    init(environment: String, kind: String, subject: String, revision: Int64, day: Int64, group: String) {
        self.environment = environment
        self.kind = kind
        self.subject = subject
        self.revision = revision
        self.day = day
        self.group = group
    }

    static func == (lhs: ContributionCellKey, rhs: ContributionCellKey) -> Bool {
        lhs.exact == rhs.exact
    }

    func hash(into hasher: inout Hasher) {
        let exact = exact
        hasher.combine(exact.environment)
        hasher.combine(exact.kind)
        hasher.combine(exact.subject)
        hasher.combine(exact.revision)
        hasher.combine(exact.day)
        hasher.combine(exact.group)
    }

    /// The key with its text as ``ExactID``s: compared, and ordered, by bytes.
    var exact: (environment: ExactID, kind: ExactID, subject: ExactID, revision: Int64, day: Int64, group: ExactID) {
        (ExactID(environment), ExactID(kind), ExactID(subject), revision, day, ExactID(group))
    }
}

/// What a recompute changes, computed the same way by both stores: which users' rows to replace,
/// and what to add to each cell (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// A user's rows of a flow or walkthrough are a function of the user's stored events of it, so
/// each time those events change the rows are computed again with ``Contributions/ofUser(lines:)``
/// from all of them, and each cell receives the difference between the new rows and the old.
struct ContributionChanges: Sendable {
    /// What to add to each cell (a cell whose sum becomes empty is deleted).
    var cells: [ContributionCellKey: ContributionTotals] = [:]
    /// The users' new rows: they replace every row of the user of the subjects recomputed.
    var rows: [StoredContribution] = []

    /// How much of one user's events of a flow or walkthrough a store admits: beyond these, a new
    /// event is refused, so that recomputing a user costs a bounded amount whatever they sent before.
    static let limits = ContributionLimits.standard

    /// Which of a user's just-inserted events (`inserted`, in storage order) their events of the
    /// recomputed subjects admit: `stored` are all those events as the transaction reads them
    /// (storage order, the inserted ones among them). Both stores insert a batch, then — holding the
    /// user — refuse the events beyond ``limits``, delete them again and recompute from what is left.
    static func admit(stored: [(seq: Int64, line: String)], inserted: [(seq: Int64, line: String)]) -> Admission {
        let insertedSeqs = Set(inserted.map(\.seq))
        let verdicts = limits.admit(stored: stored.filter { !insertedSeqs.contains($0.seq) }.map(\.line), new: inserted.map(\.line))
        var admission = Admission()
        for (event, verdict) in zip(inserted, verdicts) {
            if let verdict { admission.refused[event.seq] = verdict }
        }
        admission.lines = stored.filter { admission.refused[$0.seq] == nil }.map(\.line)
        return admission
    }

    /// The most users (with a flow or walkthrough each) one retention transaction recomputes: each
    /// recompute reads at most ``limits`` events, so a transaction's work stays bounded however the
    /// expired events are spread, and ingestion waits for no more than one of them.
    static let retentionUsers = 1_000

    /// Which of the oldest expired events (`candidates`, as read: seq, user, and the flow or
    /// walkthrough whose rows they feed) one retention transaction deletes: all of them, unless
    /// they belong to more than ``retentionUsers`` users and subjects; then those of the first
    /// that many (and every event that feeds no row). Never none of a non-empty list.
    static func retentionRound(_ candidates: [(seq: Int64, appID: String, user: ContributionUser, subject: String?)]) -> [Int64] {
        struct Key: Hashable {
            var appID: String
            var user: ContributionUser
            var subject: String
        }
        var recomputed: Set<Key> = []
        return candidates.compactMap { candidate in
            guard let subject = candidate.subject else { return candidate.seq }
            let key = Key(appID: candidate.appID, user: candidate.user, subject: subject)
            guard recomputed.contains(key) || recomputed.count < retentionUsers else { return nil }
            recomputed.insert(key)
            return candidate.seq
        }
    }

    /// A user's events once those beyond ``limits`` are refused.
    struct Admission {
        /// By seq, the refused events and why.
        var refused: [Int64: String] = [:]
        /// The lines kept, in storage order: the rows are computed from them.
        var lines: [String] = []
    }

    /// Each user's events of `items` (each `item`'s event) that touch a subject, in their order,
    /// with the subjects they touch: the flow id, or the walkthrough id of an event of no flow; an
    /// event of neither touches nothing. Users and subjects are told apart by bytes. One pass, so
    /// that a batch of many users never scans its events once per user.
    static func byUser<Item>(_ items: some Sequence<Item>, event: (Item) -> StoredEvent) -> [ContributionUser: (subjects: Set<ExactID>, items: [Item])] {
        var users: [ContributionUser: (subjects: Set<ExactID>, items: [Item])] = [:]
        for item in items {
            let stored = event(item)
            guard let subject = stored.contributionSubject else { continue }
            let user = stored.contributionUser
            users[user, default: ([], [])].subjects.insert(ExactID(subject))
            users[user, default: ([], [])].items.append(item)
        }
        return users
    }

    /// The rows of one user's `lines` (all their stored events of `subjects`, in storage order) that
    /// belong to `subjects`: one per report, subject, revision filter and group (the first, should
    /// the core give two). A revision below 1 is none the server serves: such rows are left out, so
    /// the revision filter's key (``StoreSchema/allRevisions`` for all events) stays one row's.
    static func rows(lines: [String], subjects: Set<ExactID>) -> [ContributionRow] {
        struct Key: Hashable {
            var kind: ContributionKind
            var subject: ExactID
            var revision: Int?
            var group: ExactID
        }
        var seen: Set<Key> = []
        return Contributions.ofUser(lines: lines).filter { row in
            subjects.contains(ExactID(row.subject)) && (row.revision.map { $0 >= 1 } ?? true)
                && seen.insert(Key(kind: row.kind, subject: ExactID(row.subject), revision: row.revision, group: ExactID(row.group))).inserted
        }
    }

    /// Records that `old` (the user's stored rows of the recomputed subjects) are replaced by `new`.
    /// A row that did not change changes no cell.
    mutating func replace(_ old: [StoredContribution], with new: [StoredContribution]) throws {
        try difference(replacing: old, with: new)
        rows += new
    }

    /// Adds to the cells what replacing `old` rows by `new` ones changes, keeping no row.
    /// A row that did not change changes no cell.
    mutating func difference(replacing old: [StoredContribution], with new: [StoredContribution]) throws {
        var unchanged: Set<Int> = []
        for (index, row) in new.enumerated() where old.contains(where: { $0.user == row.user && $0.row == row.row }) {
            unchanged.insert(index)
        }
        for row in old where !new.contains(where: { $0.user == row.user && $0.row == row.row }) {
            try add(row, sign: -1)
        }
        for (index, row) in new.enumerated() where !unchanged.contains(index) {
            try add(row, sign: 1)
        }
    }

    /// Adds a row's totals to the difference of each of its cells (`sign` 1), or takes them away
    /// (−1): one cell per grouping (``ContributionRow/cellRows()``).
    mutating func add(_ stored: StoredContribution, sign: Int) throws {
        let row = stored.row
        let negated = sign == 1 ? nil : try Self.negated(row.totals)
        for group in try cellGroups(of: row) {
            var cell = row.cell
            cell.group = group
            let key = ContributionCellKey(environment: stored.user.environment, cell: cell)
            try add(row.totals, sign: sign, signed: negated ?? row.totals, to: key)
        }
    }

    /// Adds `other`'s cells' differences to these (its rows are not taken).
    mutating func addCells(of other: ContributionChanges) throws {
        for (key, delta) in other.cells { try add(delta, sign: 1, signed: delta, to: key) }
    }

    /// Adds `totals` (`sign` 1) to the difference of the cell `key`, or takes them away (−1);
    /// `signed` is `totals` with that sign, the cell's difference when it has none yet.
    private mutating func add(_ totals: ContributionTotals, sign: Int, signed: ContributionTotals, to key: ContributionCellKey) throws {
        if var sum = cells[key] {
            try sum.add(totals, sign: sign)
            cells[key] = sum
        } else {
            cells[key] = signed
        }
    }

    /// The groups of a row's cells, read once per group text: the users of a batch share few.
    private mutating func cellGroups(of row: ContributionRow) throws -> [String] {
        let key = CellGroupsKey(kind: row.kind, group: ExactID(row.group))
        if let known = cellGroupsRead[key] { return known }
        let groups = try ContributionRow.cellGroups(of: row.group, kind: row.kind)
        cellGroupsRead[key] = groups
        return groups
    }

    private struct CellGroupsKey: Hashable {
        var kind: ContributionKind
        var group: ExactID
    }

    /// The cell groups of each row group met so far (``cellGroups(of:)``).
    private var cellGroupsRead: [CellGroupsKey: [String]] = [:]

    /// The cells whose difference is not nothing, in a fixed order, by bytes (the order PostgreSQL locks them in too).
    var changedCells: [(key: ContributionCellKey, delta: ContributionTotals)] {
        cells.filter { !$0.value.isEmpty }.map { (key: $0.key, delta: $0.value) }.sorted { $0.key.exact < $1.key.exact }
    }

    /// A cell's new sum: `delta` added to what it holds (`existing`, its stored bytes; nil when it
    /// has no row); nil when nothing is left, so its row goes.
    static func sum(_ existing: [UInt8]?, plus delta: ContributionTotals) throws -> ContributionTotals? {
        guard let existing else { return delta.isEmpty ? nil : delta }
        var sum = try ContributionTotals(bytes: existing)
        try sum.add(delta)
        return sum.isEmpty ? nil : sum
    }

    /// Whether a cell's change is held beside it (else it is folded into the cell with the held
    /// ones): only beside a stored cell, and while it holds fewer than ``StoreSchema/cellChangesHeld`` − 1.
    static func holds(stored: Bool, heldCount: Int) -> Bool {
        stored && heldCount + 1 < StoreSchema.cellChangesHeld
    }

    /// A cell's new sum when its held changes are folded into it: `delta` and each of `held` (the
    /// held changes' bytes) added to what it holds (`existing`); nil when nothing is left. The small
    /// changes are summed first, so the cell's sum is decoded and added to once.
    static func sum(_ existing: [UInt8]?, held: [[UInt8]], plus delta: ContributionTotals) throws -> ContributionTotals? {
        var changes = delta
        for bytes in held { try changes.add(ContributionTotals(bytes: bytes)) }
        return try sum(existing, plus: changes)
    }

    /// A cell's fold as a store writes it (docs/ARCHITECTURE.md, "Report contributions in the stores"):
    /// the new sum (``sum(_:held:plus:)``) with its durations counted by page, and, per page, the
    /// exact durations to add to the cell's stored page (`ContributionTotals.paged`). `counted` is
    /// nil when nothing is left: the cell's row and every page of it go.
    static func fold(
        _ existing: [UInt8]?, held: [[UInt8]], plus delta: ContributionTotals
    ) throws -> (counted: ContributionTotals?, pages: [Int32: ContributionTotals]) {
        guard let sum = try sum(existing, held: held, plus: delta) else { return (nil, [:]) }
        let (counted, pages) = sum.paged
        return counted.isEmpty ? (nil, [:]) : (counted, pages)
    }

    /// The cells as a reader sees them: each stored cell (`cells`) with its held changes and pages
    /// (`held`) added, the ones left with no user dropped, in the order of `cells`.
    static func folded(cells: [ContributionRow], held: [ContributionRow]) throws -> [ContributionRow] {
        var index: [ContributionRow.Cell: Int] = [:]
        var folded = cells
        for (position, row) in cells.enumerated() { index[row.cell] = position }
        for change in held {
            if let position = index[change.cell] {
                try folded[position].totals.add(change.totals)
            } else {
                // Changes are held only beside a stored cell; were one not, a report would read it as the cell.
                index[change.cell] = folded.count
                folded.append(change)
            }
        }
        return folded.filter { !$0.totals.isEmpty }
    }

    /// `totals` taken away from nothing.
    static func negated(_ totals: ContributionTotals) throws -> ContributionTotals {
        var negated = totals
        try negated.subtract(totals)
        try negated.subtract(totals)
        return negated
    }

    /// A stored row, from its columns; the report kind is read from the totals, which carry it.
    static func row(subject: String, revision: Int64, startMs: Int64?, group: String, totals: [UInt8]) throws -> ContributionRow {
        let totals = try ContributionTotals(bytes: totals)
        return ContributionRow(
            kind: totals.kind, subject: subject, revision: revision == StoreSchema.allRevisions ? nil : Int(revision),
            startMs: startMs, group: group, totals: totals)
    }

    /// The lock bucket of a user in PostgreSQL: FNV-1a of the app, environment and user, so every
    /// process picks the same one.
    static func lockBucket(appID: String, user: ContributionUser) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [appID, user.environment, user.userID] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int64(hash % UInt64(StoreSchema.contributionLockBuckets))
    }
}

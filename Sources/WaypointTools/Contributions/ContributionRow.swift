/// A user's contribution to one report in one cell of its scope, or the sum of several users' of
/// the same cell (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A report is a sum over users: ``Contributions/ofUser(lines:)`` turns one user's stored events
/// into rows, a store keeps each user's rows and, per cell, their sum, and a report reads the sums
/// of its scope's cells. Stores treat ``group`` and ``totals`` as opaque; they key cells by
/// (``kind``, ``subject``, ``revision``, ``startDay``, ``group``). Rows and cells compare their
/// subject and group by bytes (``ExactID``), as the stores' keys do.
public struct ContributionRow: Sendable, Hashable {
    /// The report the row feeds.
    public var kind: ContributionKind
    /// The flow id (flow reports, and experiments measured in a flow) or the walkthrough id
    /// (walkthrough reports, and experiments measured in a walkthrough, whose group says so).
    public var subject: String
    /// `nil`: the row of the report over every revision; `n`: of the report scoped to revision `n`,
    /// which holds the users whose first start (their first `Flow Started`, `Walkthrough Started`,
    /// or exposure to the experiment) carries `n`. Either way the figures are those of all of the
    /// user's events of the subject, so a user has at most one revision's row: their start's,
    /// equal to their row over every revision.
    public var revision: Int?
    /// The user's first start over their events of the subject (milliseconds since 1970): their
    /// first `Flow Started`, `Walkthrough Started`, or exposure to the experiment; `nil` when there
    /// is none (such a user is in no date range and no revision).
    public var startMs: Int64?
    /// The user's groups (variations, app version, revision), in a canonical text.
    public var group: String
    /// The summed figures.
    public var totals: ContributionTotals

    /// Creates a row.
    public init(kind: ContributionKind, subject: String, revision: Int?, startMs: Int64?, group: String, totals: ContributionTotals) {
        self.kind = kind
        self.subject = subject
        self.revision = revision
        self.startMs = startMs
        self.group = group
        self.totals = totals
    }

    public static func == (lhs: ContributionRow, rhs: ContributionRow) -> Bool {
        lhs.cell == rhs.cell && lhs.startMs == rhs.startMs && lhs.totals == rhs.totals
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cell)
        hasher.combine(startMs)
        hasher.combine(totals)
    }

    /// The row under the key of `revision`: the same figures, for the report of the revision the
    /// user's first start carries (a revision's report holds its users with all of their events).
    func ofRevision(_ revision: Int) -> ContributionRow {
        var row = self
        row.revision = revision
        return row
    }

    /// The UTC day of ``startMs`` (days since 1970-01-01); `nil` without a start.
    public var startDay: Int64? { startMs.map(Self.day(ofMilliseconds:)) }

    /// The UTC day (days since 1970-01-01) that holds `milliseconds`.
    public static func day(ofMilliseconds milliseconds: Int64) -> Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The cell the row belongs to: rows of one cell are summed into one.
    public var cell: Cell { Cell(kind: kind, subject: subject, revision: revision, startDay: startDay, group: group) }

    /// Where a row is summed: its report, scope and groups, with the start as its UTC day.
    public struct Cell: Sendable, Hashable {
        /// The report the cell feeds.
        public var kind: ContributionKind
        /// The flow or walkthrough id.
        public var subject: String
        /// The revision of the users' first start, for a report scoped to it; `nil` for the report
        /// over every revision.
        public var revision: Int?
        /// The UTC day of the users' first start; `nil` for users without one.
        public var startDay: Int64?
        /// The users' groups.
        public var group: String

        /// Creates a cell.
        public init(kind: ContributionKind, subject: String, revision: Int?, startDay: Int64?, group: String) {
            self.kind = kind
            self.subject = subject
            self.revision = revision
            self.startDay = startDay
            self.group = group
        }

        public static func == (lhs: Cell, rhs: Cell) -> Bool {
            lhs.kind == rhs.kind && ExactID(lhs.subject) == ExactID(rhs.subject) && lhs.revision == rhs.revision
                && lhs.startDay == rhs.startDay && ExactID(lhs.group) == ExactID(rhs.group)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(ExactID(subject))
            hasher.combine(revision)
            hasher.combine(startDay)
            hasher.combine(ExactID(group))
        }
    }
}

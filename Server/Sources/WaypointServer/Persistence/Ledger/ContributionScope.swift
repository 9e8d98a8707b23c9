import WaypointTools

/// The contributions of a report's scope, as a store reads them (docs/ARCHITECTURE.md, "Report contributions in the stores").
public struct ContributionScope: Sendable {
    /// The rows of the users in the scope, by UTC day of their start and group, to be summed: days
    /// wholly inside the range come from the cells, their held changes and the pages of exact
    /// durations read (several rows of one day and group, which add up to the cell's figures: a
    /// cell counts its durations by page, and a page's row, with no user, holds that page's exact
    /// durations); the first and last day, when the range cuts them, from the users' own rows by
    /// their start time. A row's `startMs` is the start of its
    /// day (nil for users without a start, listed only when the scope has no range).
    public var rows: [ContributionRow]
    /// The groups of the revision filter's users whose start is not in the range (those without a
    /// start included); empty without a range. `Funnel.compute(contributions:…)` takes them as they are.
    public var groupsOutsideRange: Set<String>

    /// Creates a scope's contributions.
    public init(rows: [ContributionRow], groupsOutsideRange: Set<String>) {
        self.rows = rows
        self.groupsOutsideRange = groupsOutsideRange
    }
}

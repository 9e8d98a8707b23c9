import Waypoint

extension Funnel {
    /// The flow report of `query` from contribution rows: equal, byte for byte, to the report
    /// ``compute(file:query:threads:progress:)`` gives over the events the rows were made from
    /// (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// - Parameters:
    ///   - rows: the rows of the query's flow and scope: of ``ContributionKind/flow``, of the
    ///     scope's revision (`nil` rows without one; a revision's rows are the users who started on
    ///     it), and with a date range, of the users who started in it. Rows of users without a
    ///     `Flow Started` count only in the report's ``FlowReport/withoutStart``. Summed rows and single users' rows may be mixed, and so may rows that
    ///     count durations by page, as long as the rows of the pages ``medianPages(contributions:query:groupsOutsideRange:)``
    ///     names are among them.
    ///   - events: the report's `events` (every event of the environment, as in its export).
    ///   - groupsOutsideRange: with a date range, the groups of the scope revision's rows of users
    ///     who started outside it (users without a start included): a report split by variation
    ///     refuses several experiments, or an unknown one, over all of the revision's users, as
    ///     over a file.
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(
        contributions rows: some Sequence<ContributionRow>, query: FunnelQuery, events: Int, groupsOutsideRange: Set<String> = []
    ) throws(ReportError) -> FunnelResult {
        var missing = MedianPages.none
        let result = try FlowContributionReport.report(
            rows: rows, query: query, events: events, groupsOutsideRange: groupsOutsideRange, medianPages: { missing = $0 })
        guard missing.isEmpty else { throw .damagedContributions(.missingPages(missing.all)) }
        return result
    }

    /// The pages whose exact durations the flow report of `rows` needs for its medians, by the
    /// grouping of the cells that need them, when rows count durations by page as a store's cells
    /// do (``DurationHistogram/medianPages``): a store reads the exact durations of these pages in
    /// the cells of their grouping, and passes them with `rows` to
    /// ``compute(contributions:query:events:groupsOutsideRange:)`` (docs/ARCHITECTURE.md, "Reports at scale").
    /// Empty when every median is exact already.
    ///
    /// - Throws: ``ReportError`` as ``compute(contributions:query:events:groupsOutsideRange:)`` does.
    public static func medianPages(
        contributions rows: some Sequence<ContributionRow>, query: FunnelQuery, groupsOutsideRange: Set<String> = []
    ) throws(ReportError) -> MedianPages {
        var needed = MedianPages.none
        _ = try FlowContributionReport.report(
            rows: rows, query: query, events: 0, groupsOutsideRange: groupsOutsideRange, medianPages: { needed = $0 })
        return needed
    }
}

import Waypoint

extension Funnel {
    /// The flow report of `query` from contribution rows: equal, byte for byte, to the report
    /// ``compute(file:query:threads:progress:)`` gives over the events the rows were made from
    /// (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// - Parameters:
    ///   - rows: the rows of the query's flow and scope: of ``ContributionKind/flow``, of the
    ///     scope's revision (`nil` rows without one), and with a date range, of the users who
    ///     started in it. Summed rows and single users' rows may be mixed.
    ///   - events: the report's `events` (every event of the environment, as in its export).
    ///   - groupsOutsideRange: with a date range, the groups of the scope revision's rows of users
    ///     who started outside it: a report split by variation refuses several experiments, or
    ///     an unknown one, over all of the revision's users, as over a file.
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(
        contributions rows: some Sequence<ContributionRow>, query: FunnelQuery, events: Int, groupsOutsideRange: Set<String> = []
    ) throws(ReportError) -> FunnelResult {
        try FlowContributionReport.report(rows: rows, query: query, events: events, groupsOutsideRange: groupsOutsideRange)
    }
}

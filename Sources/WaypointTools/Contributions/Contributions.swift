/// What one user's stored events add to the reports (docs/ARCHITECTURE.md, "Reports at scale").
public enum Contributions {
    /// The rows of one user's events: for each flow and walkthrough they name, the user's
    /// contribution over all of its events — to its flow or walkthrough report, and to the report
    /// of each experiment they were exposed to in it — under revision `nil` (the report over every
    /// revision) and, when the user's first start (first `Flow Started`, `Walkthrough Started`,
    /// exposure) carries a revision, under that revision too: a revision's report holds the users
    /// who started on it, with all of their events (``ReportScope/revision``).
    ///
    /// - Parameter lines: the user's events as stored JSON Lines, in storage order (the order of
    ///   the export, which breaks ties of time and step index). Give every event of the user of
    ///   each flow or walkthrough to recompute: a row is the figure of all of them.
    public static func ofUser(lines: [String]) -> [ContributionRow] {
        let parsed = lines.compactMap(ContributionLine.init)
        return flowRows(lines: parsed) + walkthroughRows(lines: parsed) + experimentRows(lines: parsed)
    }
}

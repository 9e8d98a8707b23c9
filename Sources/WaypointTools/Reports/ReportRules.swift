/// The version of the report rules: what a user's events add to each report
/// (docs/ARCHITECTURE.md, "The ledger's version").
///
/// The server keeps every user's contribution to the reports in a ledger, computed by
/// ``Contributions`` from these rules. A store records the version its ledger was built with and,
/// when it differs from this one, rebuilds the ledger from the stored events before it answers
/// reports. So changing what a report counts means changing WaypointTools and bumping this number,
/// nothing in the server.
public enum ReportRules {
    /// The version of the rules this build computes reports with; bump it with every change to
    /// what a report counts.
    ///
    /// - 1: the rules of the first ledger.
    /// - 2: a revision's report holds the users whose first start carries it, with all of their
    ///   events (a run resumed after a publish stays with the revision it started on), and
    ///   `byRevision` groups users by that start; `since`/`until` read the first start over all of
    ///   a user's events; the flow and walkthrough reports count only users with a start, and say
    ///   how many they left out (`withoutStart`).
    /// - 3: a report split by an experiment takes a user's variation from their first
    ///   `Experiment Viewed` of it, from the stamped `experiment`/`variation` only for events sent
    ///   before that event existed; `Experiment Viewed` counts in no flow figure.
    ///   A flow row's group keeps the user's locale and platform, and an experiment row's their
    ///   app version, locale and platform (each of their last event with one), so that reports
    ///   split by them (`by=locale|platform|appVersion`).
    /// - 4: `Experiment Viewed` gives a user no locale or platform in the flow report (only
    ///   their flow's own events do, as for app versions), and a walkthrough report split by
    ///   variation reads the user's `Experiment Viewed` of the walkthrough from the ledger too.
    /// - 5: flow and experiment cells sum users by one grouping each (every user, variation,
    ///   each experiment's variation, revision, app version, locale, platform) instead of by the
    ///   whole combination of a user's groups (``ContributionRow/cellRows()``); the figures are
    ///   the same, the cells are fewer and a report reads only the groupings it shows.
    public static let version = 5
}

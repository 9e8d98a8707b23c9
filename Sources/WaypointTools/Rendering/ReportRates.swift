/// The rates a person reads off a report, worked out from its counts in one place: the reports'
/// `dropRate`, ``FunnelBars``, the traffic graph and the dashboard's pages.
///
/// A step's drop rate is a share of the users who saw the step, not of everyone who started: a
/// branch step's drop-offs are a share of those who took the branch (docs/ARCHITECTURE.md, "Reports").
public enum ReportRates {
    /// Of the users who viewed a step, the share who stopped on it (`droppedHere / viewed`); nil when nobody viewed it.
    public static func dropRate(droppedHere: Int, viewed: Int) -> Double? {
        guard viewed > 0 else { return nil }
        return Double(min(max(0, droppedHere), viewed)) / Double(viewed)
    }

    /// A rate as the pages print it (`17.6%`), `–` for none.
    public static func text(_ rate: Double?) -> String {
        rate.map(ReportText.percent) ?? "–"
    }
}

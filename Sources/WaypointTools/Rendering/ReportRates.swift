/// The rates a person reads off a report, worked out from its counts in one place, for the
/// dashboard's pages and ``FunnelBars``.
///
/// A step's drop rate is a share of the users who saw the step, not of everyone who started: a
/// branch step's drop-offs are a share of those who took the branch (docs/ARCHITECTURE.md, "Reports").
public enum ReportRates {
    /// Of the users who viewed a step, the share who stopped on it (`droppedHere / viewed`); nil when nobody viewed it.
    public static func dropRate(droppedHere: Int, viewed: Int) -> Double? {
        guard viewed > 0 else { return nil }
        return Double(min(max(0, droppedHere), viewed)) / Double(viewed)
    }

    /// The drop rate of a flow step's viewers.
    public static func dropRate(of step: FlowReport.Step) -> Double? {
        dropRate(droppedHere: step.droppedHere, viewed: step.viewed)
    }

    /// The drop rate of the users a walkthrough's hint was shown to.
    public static func dropRate(of step: WalkthroughReport.Step) -> Double? {
        dropRate(droppedHere: step.droppedHere, viewed: step.shown)
    }

    /// Users still in the flow: started, neither completed nor abandoned (`started − completed −
    /// abandoned`, never below 0, which events without a `Flow Started` could make it).
    public static func inProgress(of figures: FlowReport.Figures) -> Int {
        max(0, figures.started - figures.completed - figures.abandoned)
    }

    /// A rate as the pages print it (`17.6%`), `–` for none.
    public static func text(_ rate: Double?) -> String {
        rate.map(ReportText.percent) ?? "–"
    }
}

/// Which report a contribution feeds (docs/ARCHITECTURE.md, "Reports at scale").
public enum ContributionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The flow report of a flow (`waypoint funnel --flow ID`, the funnel endpoint, the flow page).
    case flow
    /// The walkthrough report of a walkthrough.
    case walkthrough
    /// The experiment report of the experiments run in a flow or walkthrough (`waypoint experiment`).
    case experiment
}

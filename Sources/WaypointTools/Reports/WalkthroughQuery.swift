import Waypoint

/// What to report on a walkthrough (``WalkthroughReport``): its id, whether to split the figures
/// per experiment variation, and the step order its document declares.
public struct WalkthroughQuery: Sendable, Hashable {
    /// The walkthrough whose events are read; events of other walkthroughs and of flows are ignored.
    public var walkthroughID: String
    /// Whether to report every figure per variation as well.
    public var groupByVariation: Bool
    /// The walkthrough's step ids as its document declares them, in order
    /// (``WaypointDocument/reportedStepIDs(ofWalkthrough:)``); `nil` without a document.
    ///
    /// With them, the report lists every declared step (even at 0) in this order, then steps seen
    /// only in events, sorted by id and marked as not in the document.
    public var declaredSteps: [String]?
    /// Which runs are counted: revision, date range (of the first `Walkthrough Started`), the
    /// experiment that splits users (``ReportScope``).
    public var scope: ReportScope

    /// Creates a query; the scope defaults to every run.
    public init(walkthroughID: String, groupByVariation: Bool = false, declaredSteps: [String]? = nil, scope: ReportScope = ReportScope()) {
        self.walkthroughID = walkthroughID
        self.groupByVariation = groupByVariation
        self.declaredSteps = declaredSteps
        self.scope = scope
    }
}

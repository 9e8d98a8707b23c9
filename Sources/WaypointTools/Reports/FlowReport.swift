import Waypoint

/// Where users of a flow go and where they stop, whatever branches they take (docs/ARCHITECTURE.md, "Reports": the flow report).
///
/// Its figures count users, not events, and do not depend on any order of the steps: a step on
/// one branch and a step on another are reported side by side, a step skipped by its condition
/// is `skipped`, never a drop-off, and a user who stopped is counted once, at the last step they viewed.
///
/// ```json
/// {"kind":"flow","flowId":"signup","started":1000,"completed":640,"abandoned":120,"inProgress":240,
///  "completionRate":0.64,"medianMsToComplete":53000,"invalidLines":0,"steps":[{"stepId":"splash","viewed":1000,
///  "skipped":0,"droppedHere":30,"dropRate":0.03,"outcomes":{"login":200,"register":700},"medianDurationMs":4000}, …],
///  "byVariation":{"control":{…}},"byAppVersion":{"2.4.1":{…},"(none)":{…}},"byRevision":{"3":{…}},
///  "scope":{"revision":3,"since":"2026-11-01T00:00:00.000Z"}}
/// ```
///
/// The report counts the users who have a `Flow Started` of the flow (in its scope), with all of
/// their events of the flow: in everyone's figures and in every group, `started` = `completed` +
/// `abandoned` + `inProgress`, none of them negative. `inProgress` = started − completed − abandoned:
/// users mid-flow, neither finished nor gone. A user with events of the flow but no `Flow Started`
/// of it (its event lost, such as cut by retention) counts in no figure; ``withoutStart`` says how
/// many were left out. A step's `dropRate` = droppedHere / viewed (`null` when nobody viewed it):
/// the share of those who saw the step who stopped there, so that a branch step's drop-offs are
/// read against its own viewers, never against everyone who started.
///
/// Scoped to a revision (``ReportScope/revision``), the report holds the users whose first
/// `Flow Started` of the flow carries that revision — the revision a run started on: a run resumed
/// after a publish stays with the revision it started on — with all of their events of the flow,
/// whatever revision those later events carry. So the report of revision R is the `byRevision`
/// group R of the report over every revision, and that report is the sum of the revisions'
/// reports and of the users whose start carries no revision.
///
/// It is bounded whatever its events hold (``ReportBounds``): groups not declared are `(other)`,
/// steps not declared beyond the 50 with the most viewers are `(other steps)`, each group lists
/// only its own steps, and `folded`
/// counts what was folded.
///
/// `byVariation` is there when asked for (``FunnelQuery/groupByVariation``); `byAppVersion` when at
/// least one event of the flow carries an `appVersion`.
public struct FlowReport: Sendable, Hashable, Encodable {
    /// One step's figures.
    public struct Step: Sendable, Hashable, Encodable {
        /// The step id (a subflow's step as `subflowStepId/innerStepId`).
        public var stepID: String
        /// Users with a `Step Viewed` of it.
        public var viewed: Int
        /// Users with a `Step Skipped` of it (its condition was false; not a drop-off).
        public var skipped: Int
        /// Users who did not complete the flow and whose last `Step Viewed` of it is this step.
        public var droppedHere: Int
        /// For each outcome, the users with a `Step Completed` of this step with it (`back` included).
        public var outcomes: [String: Int]
        /// The median `durationMs` of its `Step Completed` events; `nil` when there are none.
        public var medianDurationMs: Double?
        /// Whether the document declares the step; `nil` when no document was given.
        public var inDocument: Bool?

        /// `droppedHere` over `viewed`: of the users who saw the step, the share who stopped there;
        /// `nil` when nobody viewed it.
        public var dropRate: Double? { ReportRates.dropRate(droppedHere: droppedHere, viewed: viewed) }

        /// Creates a step's figures.
        public init(stepID: String, viewed: Int = 0, skipped: Int = 0, droppedHere: Int = 0, outcomes: [String: Int] = [:],
                    medianDurationMs: Double? = nil, inDocument: Bool? = nil) {
            self.stepID = stepID
            self.viewed = viewed
            self.skipped = skipped
            self.droppedHere = droppedHere
            self.outcomes = outcomes
            self.medianDurationMs = medianDurationMs
            self.inDocument = inDocument
        }

        enum CodingKeys: String, CodingKey {
            case stepID = "stepId", viewed, skipped, droppedHere, dropRate, outcomes, medianDurationMs, inDocument
        }

        /// Encodes the step's JSON form: every figure (`dropRate` and `medianDurationMs` as `null`
        /// when there is none), and `inDocument` when a document was given.

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(stepID, forKey: .stepID)
            try container.encode(viewed, forKey: .viewed)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(droppedHere, forKey: .droppedHere)
            try container.encode(dropRate, forKey: .dropRate)
            try container.encode(outcomes, forKey: .outcomes)
            // Written as `null` rather than omitted: readers rely on the key being there.
            try container.encode(medianDurationMs, forKey: .medianDurationMs)
            try container.encodeIfPresent(inDocument, forKey: .inDocument)
        }
    }

    /// The figures of one group of users: everyone, or one variation, app version or revision.
    ///
    /// Every user counted has a `Flow Started`, so `started` = `completed` + `abandoned` +
    /// `inProgress`, none of them negative.
    public struct Figures: Sendable, Hashable {
        /// Users with a `Flow Started` (every user the report counts).
        public var started: Int
        /// Of them, users with a `Flow Completed`.
        public var completed: Int
        /// Of them, users with a `Flow Abandoned` and no `Flow Completed`.
        public var abandoned: Int
        /// `started` − `completed` − `abandoned`: users mid-flow, neither finished nor gone. It is
        /// never clamped: the report counts only users who started, so it is never negative.
        public var inProgress: Int { started - completed - abandoned }
        /// `completed` over `started` (0 when none started).
        public var completionRate: Double
        /// Over completed users, the median time from their first `Flow Started` to their first
        /// `Flow Completed` at or after it; `nil` when there is none.
        public var medianMsToComplete: Double?
        /// The steps, in report order (see ``FlowReport``).
        public var steps: [Step]

        /// Creates a group's figures.
        public init(started: Int = 0, completed: Int = 0, abandoned: Int = 0, completionRate: Double = 0,
                    medianMsToComplete: Double? = nil, steps: [Step] = []) {
            self.started = started
            self.completed = completed
            self.abandoned = abandoned
            self.completionRate = completionRate
            self.medianMsToComplete = medianMsToComplete
            self.steps = steps
        }

        /// The step with `id`, if it is reported.
        public func step(_ id: String) -> Step? { steps.first { $0.stepID == id } }
    }

    /// The flow.
    public var flowID: String
    /// Everyone's figures.
    public var overall: Figures
    /// The figures per variation, when asked for: a user's variation is that of their earliest
    /// event of the flow that has one; users with none are under `"(none)"`.
    public var byVariation: [String: Figures]?
    /// The figures per app version, when at least one event of the flow carries an `appVersion`:
    /// a user's app version is that of their last event of the flow that has one (where they were
    /// when they stopped, so a user who upgraded part way counts under the newer version); users
    /// with none are under `"(none)"`. `nil` when no event of the flow has one.
    public var byAppVersion: [String: Figures]?
    /// The figures per document revision, when at least one counted user's first `Flow Started`
    /// carries a `revision` and the scope names no revision: a user's revision is that of their
    /// first `Flow Started` of the flow (the revision their run started on, as a revision's report
    /// takes it), so the groups add up to `started` and group R is the report scoped to revision R;
    /// users whose start carries none are under `"(none)"`. Beyond the ``ReportBounds/namedGroups``
    /// revisions with the most users, revisions are `(other)`.
    public var byRevision: [String: Figures]?
    /// The figures per locale, when asked for (`--by locale`): a user's locale is that of their
    /// last event of the flow that has one; users with none are under `"(none)"`; beyond the
    /// ``ReportBounds/namedGroups`` locales with the most users, locales are `(other)`.
    public var byLocale: [String: Figures]?
    /// The figures per platform, when asked for (`--by platform`), grouped as ``byLocale`` is.
    public var byPlatform: [String: Figures]?
    /// What was folded to keep the report bounded (``ReportBounds``): the variations, app
    /// versions and revisions reported under `(other)` and the step ids reported as `(other
    /// steps)`; `nil` when nothing was.
    public var folded: FoldedValues?
    /// The scope the report was computed for (``ReportScope``), echoed as `"scope"`; `nil` when no
    /// part of it was given.
    public var scope: ReportScope?
    /// Users with events of the flow but no `Flow Started` of it (such as one cut by retention
    /// while their `Flow Completed` remains): they count in no figure, so that `started` =
    /// `completed` + `abandoned` + `inProgress` holds; this says how many were left out. Encoded as
    /// `"withoutStart"` only when above 0. Only a report whose scope names no revision and no date
    /// range has them: a scoped report picks its users by their first start, which they lack.
    public var withoutStart: Int
    /// Lines that were not valid events (ignored, and counted so that bad input is visible).
    public var invalidLines: Int
    /// Valid event lines read (of any flow and name).
    public var events: Int

    /// Creates a report.
    public init(
        flowID: String, overall: Figures, byVariation: [String: Figures]? = nil, byAppVersion: [String: Figures]? = nil,
        byRevision: [String: Figures]? = nil, folded: FoldedValues? = nil, scope: ReportScope? = nil, withoutStart: Int = 0,
        invalidLines: Int = 0, events: Int = 0
    ) {
        self.flowID = flowID
        self.overall = overall
        self.byVariation = byVariation
        self.byAppVersion = byAppVersion
        self.byRevision = byRevision
        self.folded = folded
        self.scope = scope
        self.withoutStart = withoutStart
        self.invalidLines = invalidLines
        self.events = events
    }

    /// The groups of `dimension` (`byVariation`, `byAppVersion`, …); `nil` when the report has none.
    public func groups(of dimension: ReportDimension) -> [String: Figures]? {
        switch dimension {
        case .variation: byVariation
        case .revision: byRevision
        case .appVersion: byAppVersion
        case .locale: byLocale
        case .platform: byPlatform
        }
    }

    /// Sets the groups of `dimension`.
    mutating func setGroups(_ groups: [String: Figures], of dimension: ReportDimension) {
        switch dimension {
        case .variation: byVariation = groups
        case .revision: byRevision = groups
        case .appVersion: byAppVersion = groups
        case .locale: byLocale = groups
        case .platform: byPlatform = groups
        }
    }

    /// Users with a `Flow Started` (every user the report counts).
    public var started: Int { overall.started }
    /// Of them, users with a `Flow Completed`.
    public var completed: Int { overall.completed }
    /// The steps, in report order: the document's order when one was given, else first appearance in time.
    public var steps: [Step] { overall.steps }

    private enum CodingKeys: String, CodingKey {
        case kind, flowID = "flowId", started, completed, abandoned, inProgress, completionRate, medianMsToComplete, steps
        case byVariation, byAppVersion, byRevision, byLocale, byPlatform, folded, scope, withoutStart, invalidLines, events
    }

    /// Encodes the JSON form shown above: the groups only when the report has them, `scope` only
    /// when one was given, `withoutStart` only when above 0.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encode(overall, into: &container)
        let splits = [
            (byVariation, CodingKeys.byVariation), (byAppVersion, .byAppVersion), (byRevision, .byRevision),
            (byLocale, .byLocale), (byPlatform, .byPlatform),
        ]
        for (groups, key) in splits {
            guard let groups else { continue }
            var nested = container.nestedContainer(keyedBy: VariationKey.self, forKey: key)
            for name in groups.keys.sorted() {
                guard let figures = groups[name] else { continue }
                var inner = nested.nestedContainer(keyedBy: CodingKeys.self, forKey: VariationKey(stringValue: name))
                try encode(figures, into: &inner)
            }
        }
        try container.encodeIfPresent(folded, forKey: .folded)
        try container.encodeIfPresent(scope, forKey: .scope)
        if withoutStart > 0 { try container.encode(withoutStart, forKey: .withoutStart) }
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(events, forKey: .events)
    }

    private func encode(_ figures: Figures, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode("flow", forKey: .kind)
        try container.encode(flowID, forKey: .flowID)
        try container.encode(figures.started, forKey: .started)
        try container.encode(figures.completed, forKey: .completed)
        try container.encode(figures.abandoned, forKey: .abandoned)
        try container.encode(figures.inProgress, forKey: .inProgress)
        try container.encode(figures.completionRate, forKey: .completionRate)
        try container.encode(figures.medianMsToComplete, forKey: .medianMsToComplete)
        try container.encode(figures.steps, forKey: .steps)
    }
}

/// A coding key made of any string: a variation's or an app version's name.
struct VariationKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

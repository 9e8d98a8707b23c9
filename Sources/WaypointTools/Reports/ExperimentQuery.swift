import Waypoint

/// What to report on an experiment (``ExperimentReport``): its key, the flow (or walkthrough) it is
/// measured in, the goal and the guardrails, the minimum detectable effect, the control, which
/// frequentist test, and the scope.
public struct ExperimentQuery: Sendable, Hashable {
    /// The experiment's key, as the document declares it and events carry it.
    public var experiment: String
    /// The flow (or walkthrough) whose events are read; `nil`: the one the experiment reaches,
    /// when it reaches exactly one (``ExperimentReach``).
    public var flowID: String?
    /// What counts as a conversion; `nil`: the experiment's own goal, else `$complete`.
    public var goal: ExperimentGoal?
    /// Goals that must not get worse: each is reported with the same comparison, and the
    /// variations whose uplift interval on it lies wholly below 0 are named
    /// (``ExperimentReport/Guardrail``); `nil`: the experiment's own.
    public var guardrails: [ExperimentGoal]?
    /// The smallest relative uplift the test should detect, which ``ExperimentPower`` sizes it
    /// for; `nil`: the experiment's own, else 0.1.
    public var minimumDetectableEffect: Double?
    /// The variation the others are compared with; `nil`: the experiment's first variation.
    public var control: String?
    /// Whether the uplift's interval and p-value come from the sequential test (always valid, for
    /// results looked at every day) rather than the fixed-horizon one.
    public var sequential: Bool
    /// Which runs are counted: revision, and users whose first exposure is in the date range
    /// (``ReportScope``; its `experiment` is unused: the report's experiment is ``experiment``).
    public var scope: ReportScope
    /// What splits the users besides the variation (gbstats' dimension analysis): `appVersion`,
    /// `locale` or `platform` (``ReportDimension/experimentChoices``), each user's value on their
    /// last event of the flow (or walkthrough) that has one; `nil`: no split.
    public var by: ReportDimension?

    /// Creates a query; by default the goal, the guardrails and the minimum detectable effect are
    /// the experiment's own (`$complete`, none and 0.1 when it declares none), the control the first
    /// variation, the test the fixed-horizon one, every run counts, and there is no split.
    public init(
        experiment: String, flowID: String? = nil, goal: ExperimentGoal? = nil, guardrails: [ExperimentGoal]? = nil,
        minimumDetectableEffect: Double? = nil, control: String? = nil,
        sequential: Bool = false, scope: ReportScope = ReportScope(), by: ReportDimension? = nil
    ) {
        self.experiment = experiment
        self.flowID = flowID
        self.goal = goal
        self.guardrails = guardrails
        self.minimumDetectableEffect = minimumDetectableEffect
        self.control = control
        self.sequential = sequential
        self.scope = scope
        self.by = by
    }
}

/// A query checked against its document: the experiment's variations and weights, the control,
/// what the report is about, its steps, and the goal.
struct ExperimentPlan: Sendable, Hashable {
    /// What the report reads events of.
    enum Subject: Sendable, Hashable {
        case flow(String)
        case walkthrough(String)

        var id: String {
            switch self {
            case .flow(let id), .walkthrough(let id): id
            }
        }

        var reportSubject: ReportError.Subject {
            switch self {
            case .flow(let id): .flow(id)
            case .walkthrough(let id): .walkthrough(id)
            }
        }
    }

    let query: ExperimentQuery
    let subject: Subject
    /// The experiment's variations, in document order.
    let variations: [String]
    /// Their weights (equal when the document gives none).
    let weights: [Double]
    /// The control's index in ``variations``.
    let control: Int
    /// The reported steps, in document order (subflow steps as `sub/inner`).
    let steps: [String]

    /// The goal: the query's, else the experiment's, else `$complete`.
    let goal: ExperimentGoal
    /// The guardrails: the query's, else the experiment's.
    let guardrails: [ExperimentGoal]
    /// The minimum detectable effect: the query's, else the experiment's, else 0.1.
    let minimumDetectableEffect: Double

    /// The goals the report counts: the query's, then the guardrails.
    var goals: [ExperimentGoal] { [goal] + guardrails }

    /// Checks `query` against `document`.
    ///
    /// - Throws: ``ReportError`` for an experiment the document does not declare, a control that
    ///   is not one of its variations, a flow it does not reach (or none given when it reaches
    ///   several), or a goal step or outcome the flow does not declare — each with a did-you-mean.
    init(query: ExperimentQuery, document: WaypointDocument) throws(ReportError) {
        self.query = query
        if let by = query.by, !ReportDimension.experimentChoices.contains(by) {
            throw .unknownDimension(by.rawValue, choices: ReportDimension.experimentChoices.map(\.rawValue))
        }
        guard let experiment = document.experiments.first(where: { $0.key == query.experiment }) else {
            var known: [String] = []
            for entry in document.experiments where !known.contains(entry.key) { known.append(entry.key) }
            throw .experimentNotInDocument(query.experiment, known: known)
        }
        variations = experiment.variations
        let declaredWeights = experiment.weights ?? []
        weights = declaredWeights.count == variations.count
            ? declaredWeights : Array(repeating: 1 / Double(max(variations.count, 1)), count: variations.count)
        if let name = query.control {
            guard let index = variations.firstIndex(of: name) else {
                throw .unknownVariation(name, experiment: query.experiment, variations: variations)
            }
            control = index
        } else {
            control = 0
        }
        let reached = Self.reached(by: query.experiment, in: document)
        if let id = query.flowID {
            guard let found = reached.first(where: { $0.id == id }) else {
                let inDocument = document.flows.contains { $0.id == id } || document.walkthroughs.contains { $0.id == id }
                if inDocument { throw .experimentDoesNotReach(id, experiment: query.experiment, reached: reached.map(\.id)) }
                throw .experimentFlowNotInDocument(id, experiment: query.experiment, known: reached.map(\.id))
            }
            subject = found
        } else {
            guard let only = reached.first else { throw .experimentReachesNothing(query.experiment) }
            guard reached.count == 1 else { throw .experimentReachesSeveral(query.experiment, reached: reached.map(\.id)) }
            subject = only
        }
        switch subject {
        case .flow(let id): steps = document.reportedStepIDs(ofFlow: id) ?? []
        case .walkthrough(let id): steps = document.reportedStepIDs(ofWalkthrough: id) ?? []
        }
        // What the experiment says it is for, unless the query says otherwise (docs/ARCHITECTURE.md, "The experiment report").
        goal = query.goal ?? ExperimentGoal(experiment.effectiveGoal)
        guardrails = query.guardrails ?? (experiment.guardrails ?? []).map(ExperimentGoal.init)
        minimumDetectableEffect = query.minimumDetectableEffect ?? experiment.effectiveMinimumDetectableEffect
        for goal in [goal] + guardrails { try Self.check(goal, subject: subject, steps: steps, document: document) }
        guard minimumDetectableEffect > 0, minimumDetectableEffect.isFinite else {
            throw .badMinimumDetectableEffect(minimumDetectableEffect)
        }
    }

    /// The flows and walkthroughs whose runs `key` decides, in document order: flows it reaches
    /// (``ExperimentReach``) that no other such flow runs as a subflow — a subflow's events carry
    /// the flow that runs it — then walkthroughs with an entry naming it.
    static func reached(by key: String, in document: WaypointDocument) -> [Subject] {
        let reach = ExperimentReach(document: document)
        var flowIDs: [String] = []
        for flow in document.flows where !flowIDs.contains(flow.id) && reach.experiments(reaching: flow.id).contains(where: { $0.key == key }) {
            flowIDs.append(flow.id)
        }
        let runAsSubflow = Set(document.flows.filter { flowIDs.contains($0.id) }.flatMap { $0.steps.compactMap(\.subflow) })
        var subjects = flowIDs.filter { !runAsSubflow.contains($0) }.map(Subject.flow)
        var walkthroughIDs: [String] = []
        for walkthrough in document.walkthroughs where walkthrough.experiment == key && !walkthroughIDs.contains(walkthrough.id) {
            walkthroughIDs.append(walkthrough.id)
        }
        subjects += walkthroughIDs.map(Subject.walkthrough)
        return subjects
    }

    private static func check(_ goal: ExperimentGoal, subject: Subject, steps: [String], document: WaypointDocument) throws(ReportError) {
        guard let step = goal.stepID else { return }
        guard steps.contains(step) else { throw .unknownGoalStep(step, of: subject.reportSubject, known: steps) }
        guard case .outcome(_, let outcome) = goal else { return }
        let known: [String]
        switch subject {
        case .flow(let id): known = (document.reportedOutcomes(ofFlow: id)[step] ?? []) + ["back"]
        // A hint is completed by a trigger.
        case .walkthrough: known = ["tap", "swipe", "timer", "event", "button"]
        }
        guard known.contains(outcome) else {
            throw .unknownGoalOutcome(step: step, outcome: outcome, of: subject.reportSubject, known: known)
        }
    }
}

extension ExperimentQuery {
    /// The id of the flow or walkthrough whose events the report reads: the subject of its
    /// contribution rows (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// - Throws: ``ReportError`` as ``ExperimentReport/compute(lines:query:document:)`` does for the query.
    public func subjectRead(in document: WaypointDocument) throws(ReportError) -> String {
        try ExperimentPlan(query: self, document: document).subject.id
    }
}

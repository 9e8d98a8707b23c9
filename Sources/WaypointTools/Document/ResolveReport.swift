import Waypoint

/// What `waypoint resolve` reports for one user: the choices of the document's resolution, and for each
/// flow and walkthrough whose steps an experiment changes, which changes apply to the user and why.
///
/// The JSON keeps every key of the core's resolution report (docs/ARCHITECTURE.md, "The command-line tool") and
/// adds, where an experiment's `changes` name the flow or walkthrough: `changes` (the steps changed for
/// the user and the fields set, `[{"step": "paywall", "fields": ["screen", "content"]}]`, empty when none
/// apply), `changedSteps` (the steps any variation changes, where a run is exposed) and, when no change
/// applies, `noChangesReason`. A flow or walkthrough that varies only by changes gets that experiment's
/// `experiment`, `variation`, `inExperiment` and `hashValue` (the core's resolution report says so too). When the
/// attributes give a `locale` and the document has localized text, `locales` lists the locales its texts
/// are looked up in, in order. Several experiments may decide one flow or walkthrough (its entries' and
/// those that change its steps, each exposed at its own point): the first is the choice's
/// `experiment`, and `otherExperiments` lists the others that change its steps, each with the user's
/// `experiment`, `variation`, `inExperiment`, `hashValue`, `exclusionReason`, `forced` and the
/// `changedSteps` where it exposes a run (absent when there are none). `experiments` says what each
/// experiment shown is for: its `goal`, `guardrails`, `minimumDetectableEffect` (defaults applied)
/// and `hypothesis`.
///
/// ```swift
/// let report = try ResolveReport(document: document, attributes: ["id": "u-1"])
/// report.flows["onboarding"]?.changes   // [StepChange(step: "paywall", fields: ["screen", "content"])]
/// ```
public struct ResolveReport: Sendable, Hashable, Encodable {
    /// A step changed for the user and the fields its change sets.
    public struct StepChange: Sendable, Hashable, Codable {
        /// The step's id.
        public let step: String
        /// The fields set, in the format's order (`screen`, `content`, `when`, `on`, `skip`; for a hint
        /// `tooltipText`, `tooltipPosition`, …).
        public let fields: [String]

        /// Creates a step change.
        public init(step: String, fields: [String]) {
            self.step = step
            self.fields = fields
        }
    }

    /// The changes an experiment makes to a flow or walkthrough for the user, and why.
    public struct Changes: Sendable, Hashable {
        /// The steps changed for the user, in the order of the changes; empty when none apply.
        public var applied: [StepChange]
        /// The steps any variation changes, in the order of the flow's or walkthrough's steps.
        public var changedSteps: [String]
        /// Why no change applies (outside the experiment, or a variation without changes); `nil` when some apply.
        public var noChangesReason: String?
    }

    /// Another experiment that changes steps of a flow or walkthrough, besides the one its choice
    /// names: the user's assignment to it and the steps where it exposes a run.
    public struct OtherExperiment: Sendable, Hashable, Encodable {
        /// The experiment's key.
        public let experiment: String
        /// The user's variation (the first one when outside the experiment).
        public let variation: String?
        /// Whether the user takes part in the experiment.
        public let inExperiment: Bool
        /// The user's hash in `[0, 1)`, when they have the hash attribute.
        public let hashValue: Double?
        /// Why the user is not in the experiment; `nil` when they are.
        public let exclusionReason: String?
        /// `true` when the variation was forced rather than assigned; `nil` otherwise.
        public let forced: Bool?
        /// The steps any variation of the experiment changes, in the order of the steps.
        public let changedSteps: [String]
    }

    /// The choice for one flow id.
    public struct FlowChoice: Sendable, Hashable, Encodable {
        /// The choice as the document's resolution gives it, with the experiment that changes the flow's
        /// steps when no entry experiment decides it.
        package var choice: ResolutionReport.FlowChoice
        /// The changes to the flow's steps; `nil` when no experiment changes them.
        public var changes: Changes?
        /// The other experiments that change the flow's steps, in document order; empty when none.
        public var otherExperiments: [OtherExperiment] = []

        private enum CodingKeys: String, CodingKey {
            case experiment, variation, inExperiment, hashValue, exclusionReason, forced, changes, changedSteps, noChangesReason
            case otherExperiments
        }

        /// Encodes the keys of `ResolutionReport.FlowChoice` and those of the changes.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(choice.experiment, forKey: .experiment)
            try container.encodeIfPresent(choice.variation, forKey: .variation)
            try container.encode(choice.inExperiment, forKey: .inExperiment)
            try container.encodeIfPresent(choice.hashValue, forKey: .hashValue)
            try container.encodeIfPresent(choice.exclusionReason, forKey: .exclusionReason)
            try container.encodeIfPresent(choice.forced, forKey: .forced)
            try container.encodeIfPresent(changes?.applied, forKey: .changes)
            try container.encodeIfPresent(changes?.changedSteps, forKey: .changedSteps)
            try container.encodeIfPresent(changes?.noChangesReason, forKey: .noChangesReason)
            if !otherExperiments.isEmpty { try container.encode(otherExperiments, forKey: .otherExperiments) }
        }
    }

    /// The choice for one walkthrough id.
    public struct WalkthroughChoice: Sendable, Hashable, Encodable {
        /// The choice as the document's resolution gives it, with the experiment that changes the
        /// walkthrough's steps when no entry experiment decides it.
        package var choice: ResolutionReport.WalkthroughChoice
        /// The changes to the walkthrough's steps; `nil` when no experiment changes them.
        public var changes: Changes?
        /// The other experiments that change the walkthrough's steps, in document order; empty when none.
        public var otherExperiments: [OtherExperiment] = []

        private enum CodingKeys: String, CodingKey {
            case eligible, experiment, variation, inExperiment, hashValue, ineligibilityReason, exclusionReason, forced
            case changes, changedSteps, noChangesReason, otherExperiments
        }

        /// Encodes the keys of `ResolutionReport.WalkthroughChoice` and those of the changes.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(choice.eligible, forKey: .eligible)
            try container.encodeIfPresent(choice.experiment, forKey: .experiment)
            try container.encodeIfPresent(choice.variation, forKey: .variation)
            try container.encodeIfPresent(choice.inExperiment, forKey: .inExperiment)
            try container.encodeIfPresent(choice.hashValue, forKey: .hashValue)
            try container.encodeIfPresent(choice.ineligibilityReason, forKey: .ineligibilityReason)
            try container.encodeIfPresent(choice.exclusionReason, forKey: .exclusionReason)
            try container.encodeIfPresent(choice.forced, forKey: .forced)
            try container.encodeIfPresent(changes?.applied, forKey: .changes)
            try container.encodeIfPresent(changes?.changedSteps, forKey: .changedSteps)
            try container.encodeIfPresent(changes?.noChangesReason, forKey: .noChangesReason)
            if !otherExperiments.isEmpty { try container.encode(otherExperiments, forKey: .otherExperiments) }
        }
    }

    /// The choice for each flow id.
    public let flows: [String: FlowChoice]
    /// The choice for each walkthrough id.
    public let walkthroughs: [String: WalkthroughChoice]
    /// The locales a localized text is looked up in, in order, when the attributes give a `locale` and
    /// the document has localized text: the locale, its truncations, then the `defaultLocale`
    /// (`["pt-BR", "pt", "en"]`); `nil` otherwise.
    public let locales: [String]?

    /// What each experiment shown in ``flows`` or ``walkthroughs`` is for, by key; `nil` when none is shown.
    public let experiments: [String: ExperimentPurpose]?

    /// What an experiment is for: its goal, guardrails, minimum detectable effect and hypothesis, with
    /// the format's defaults applied (goal `$complete`, effect 0.1).
    public struct ExperimentPurpose: Sendable, Hashable, Codable {
        /// The primary goal (`$complete`, `STEP` or `STEP:OUTCOME`).
        public let goal: String
        /// The goals that must not get worse; empty when none.
        public let guardrails: [String]
        /// The smallest relative effect worth detecting.
        public let minimumDetectableEffect: Double
        /// What the team expects and why; `nil` when the document gives none.
        public let hypothesis: String?

        /// The purpose the document declares for `experiment`.
        public init(_ experiment: ExperimentEntry) {
            goal = experiment.effectiveGoal
            guardrails = experiment.guardrails ?? []
            minimumDetectableEffect = experiment.effectiveMinimumDetectableEffect
            hypothesis = experiment.hypothesis
        }
    }

    private enum CodingKeys: String, CodingKey { case flows, walkthroughs, experiments, locales }

    /// Resolves `document` for a user with `attributes` (variations in `forcedVariations` are used
    /// instead of assigned).
    ///
    /// - Throws: ``DocumentError`` as ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)`` does.
    public init(
        document: WaypointDocument, attributes: Attributes, savedGroups: SavedGroups = [:], forcedVariations: [String: String] = [:]
    ) throws(DocumentError) {
        let report = try document.resolve(
            attributes: attributes, savedGroups: savedGroups, forcedVariations: forcedVariations, preferredLanguages: []
        ).report
        let selector = EntrySelector(document: document, attributes: attributes, savedGroups: savedGroups, forcedVariations: forcedVariations)
        var flows: [String: FlowChoice] = [:]
        for (id, choice) in report.flows {
            let order = selector.flowEntry(id)?.steps.map(\.id) ?? []
            var result = FlowChoice(choice: choice, changes: nil)
            let applied = selector.flowChanges(id)
            if let deciding = selector.decidingChanges(applied) {
                result.changes = Self.changes(applied, deciding: deciding, order: order, kind: "flow")
            }
            result.otherExperiments = Self.others(applied, besides: choice.experiment, order: order)
            flows[id] = result
        }
        var walkthroughs: [String: WalkthroughChoice] = [:]
        for (id, choice) in report.walkthroughs {
            let order = selector.walkthroughSelection(id)?.entry.steps.map(\.id) ?? []
            var result = WalkthroughChoice(choice: choice, changes: nil)
            let applied = selector.walkthroughChanges(id)
            if let deciding = selector.decidingChanges(applied) {
                result.changes = Self.changes(applied, deciding: deciding, order: order, kind: "walkthrough")
            }
            result.otherExperiments = Self.others(applied, besides: choice.experiment, order: order)
            walkthroughs[id] = result
        }
        self.flows = flows
        self.walkthroughs = walkthroughs
        let shown = Set(flows.values.compactMap(\.choice.experiment) + walkthroughs.values.compactMap(\.choice.experiment)
            + flows.values.flatMap { $0.otherExperiments.map(\.experiment) }
            + walkthroughs.values.flatMap { $0.otherExperiments.map(\.experiment) })
        var purposes: [String: ExperimentPurpose] = [:]
        for key in shown { if let experiment = document.experiment(key) { purposes[key] = ExperimentPurpose(experiment) } }
        experiments = purposes.isEmpty ? nil : purposes
        if let defaultLocale = document.defaultLocale, case .string(let locale)? = attributes[TextLocalization.localeAttribute], !locale.isEmpty {
            locales = TextLocalization(preferredLocales: [locale], defaultLocale: defaultLocale).candidates
        } else {
            locales = nil
        }
    }

    /// The experiments of `applied` other than `shown`, each with the user's assignment.
    private static func others(_ applied: [EntrySelector.AppliedChanges], besides shown: String?, order: [String]) -> [OtherExperiment] {
        applied.filter { $0.experiment != shown }.map { applied in
            let assignment = applied.assignment
            return OtherExperiment(
                experiment: applied.experiment, variation: assignment.variation, inExperiment: assignment.inExperiment,
                hashValue: assignment.hashValue, exclusionReason: assignment.exclusionReason, forced: assignment.isForced ? true : nil,
                changedSteps: order.filter { applied.changedSteps.contains($0) } + applied.changedSteps.subtracting(order).sorted())
        }
    }

    private static func changes(
        _ applied: [EntrySelector.AppliedChanges], deciding: EntrySelector.AppliedChanges, order: [String], kind: String
    ) -> Changes {
        let steps = applied.flatMap(\.changes).map { change in
            switch change {
            case .flowStep(_, let step, let set): StepChange(step: step, fields: set.fieldNames)
            case .walkthroughStep(_, let step, let set): StepChange(step: step, fields: set.fieldNames)
            }
        }
        let changed = applied.reduce(into: Set<String>()) { $0.formUnion($1.changedSteps) }
        let ordered = order.filter { changed.contains($0) } + changed.subtracting(order).sorted()
        var reason: String?
        if steps.isEmpty {
            let assignment = deciding.assignment
            let variation = assignment.variation ?? "?"
            reason = assignment.inExperiment
                ? "variation `\(variation)` of `\(assignment.experiment)` changes nothing, so the user sees the \(kind) as written"
                : "not in the experiment `\(assignment.experiment)` (\(assignment.exclusionReason ?? "excluded")), so the user sees the \(kind) as written"
        }
        return Changes(applied: steps, changedSteps: ordered, noChangesReason: reason)
    }
}

import Foundation

/// What a document gives one user: which entry of each flow and walkthrough, and the values to run them.
///
/// Encodes as the choices made (the JSON of `waypoint resolve --format json`).
///
/// Assignment is deterministic: it hashes the experiment's hash attribute (by default `id`) with
/// GrowthBook's hash, so the same attributes always give the same answer, on every device and in every
/// GrowthBook SDK — experiments are sticky for as long as the attributes that decide them stay the same.
/// When attributes change, the answer is recomputed from the new ones: a new `id` (hash attribute) can
/// move the user to another variation, and a change to an attribute that an experiment's `condition` or a
/// `when` reads can move them out of the experiment or change eligibility. Attributes that none of these
/// read change nothing. An app that must keep a variation whatever happens should store the first
/// resolution and keep passing the same hash attribute.
public struct Resolution: Sendable, Encodable {
    /// The choices, in the JSON shape of `waypoint resolve`.
    package let report: ResolutionReport
    /// Each flow, built from the user's entry, by id; subflows are resolved by id and conditions are GrowthBook
    /// conditions over attributes. A flow the user gets by taking part in an experiment carries it in
    /// ``FlowDefinition/experiment``.
    public let flows: [String: FlowDefinition<Attributes>]
    /// Each walkthrough, built from the user's entry, by id (eligible or not: its condition is part of it).
    /// A walkthrough the user gets by taking part in an experiment carries it in ``Walkthrough/experiment``.
    public let walkthroughs: [String: Walkthrough<Attributes>]
    /// The server revision of the resolved document (``WaypointDocument/revision``), which its flows
    /// and walkthroughs carry too; `nil` for a bundled document or one read from a file.
    public let revision: Int?

    /// Encodes the choices made, as `waypoint resolve --format json` prints them.
    public func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
    }
}

/// The choices of a ``Resolution``: `{"flows": {"signup": {"experiment": "short-signup", "variation": "short",
/// "inExperiment": true, "hashValue": 0.1234}}, "walkthroughs": {"layering": {"eligible": true}}}`.
package struct ResolutionReport: Sendable, Hashable, Codable {
    /// The choice for one flow id.
    package struct FlowChoice: Sendable, Hashable, Codable {
        /// The experiment the flow varies by; absent when it does not vary.
        package var experiment: String?
        /// The variation the user is assigned to (the first one when outside the experiment).
        package var variation: String?
        /// Whether the user takes part in the experiment (and counts in its analysis).
        package var inExperiment: Bool
        /// The user's hash in `[0, 1)`, when they have the hash attribute.
        package var hashValue: Double?
        /// Why the user is not in the experiment (a failed condition with the attribute's value, coverage, a
        /// missing hash attribute); absent when they are or the flow does not vary.
        package var exclusionReason: String?
        /// `true` when the variation was forced rather than assigned; absent otherwise.
        package var forced: Bool?

        /// Creates a choice.
        package init(
            experiment: String? = nil, variation: String? = nil, inExperiment: Bool, hashValue: Double? = nil,
            exclusionReason: String? = nil, forced: Bool? = nil
        ) {
            self.experiment = experiment
            self.variation = variation
            self.inExperiment = inExperiment
            self.hashValue = hashValue
            self.exclusionReason = exclusionReason
            self.forced = forced
        }
    }

    /// The choice for one walkthrough id.
    package struct WalkthroughChoice: Sendable, Hashable, Codable {
        /// Whether the walkthrough's `when` holds for the user (display counts and progress are the runtime's).
        package var eligible: Bool
        /// The experiment the walkthrough varies by; absent when it does not vary.
        package var experiment: String?
        /// The variation the user is assigned to.
        package var variation: String?
        /// Whether the user takes part in the experiment; absent when the walkthrough does not vary.
        package var inExperiment: Bool?
        /// The user's hash in `[0, 1)`, when they have the hash attribute.
        package var hashValue: Double?
        /// Why the walkthrough's `when` is false (the failing part with the attribute's value); absent when eligible.
        package var ineligibilityReason: String?
        /// Why the user is not in the experiment; absent when they are or the walkthrough does not vary.
        package var exclusionReason: String?
        /// `true` when the variation was forced rather than assigned; absent otherwise.
        package var forced: Bool?

        /// Creates a choice.
        package init(
            eligible: Bool, experiment: String? = nil, variation: String? = nil, inExperiment: Bool? = nil, hashValue: Double? = nil,
            ineligibilityReason: String? = nil, exclusionReason: String? = nil, forced: Bool? = nil
        ) {
            self.eligible = eligible
            self.experiment = experiment
            self.variation = variation
            self.inExperiment = inExperiment
            self.hashValue = hashValue
            self.ineligibilityReason = ineligibilityReason
            self.exclusionReason = exclusionReason
            self.forced = forced
        }
    }

    /// The choice for each flow id.
    package var flows: [String: FlowChoice]
    /// The choice for each walkthrough id.
    package var walkthroughs: [String: WalkthroughChoice]

    /// Creates a report.
    package init(flows: [String: FlowChoice] = [:], walkthroughs: [String: WalkthroughChoice] = [:]) {
        self.flows = flows
        self.walkthroughs = walkthroughs
    }
}

extension WaypointDocument {
    /// Resolves the document for a user: each flow's and walkthrough's entry by experiment, walkthrough
    /// eligibility, and the ``FlowDefinition`` and ``Walkthrough`` values built from the chosen entries.
    ///
    /// Each flow and walkthrough is built as the user sees it: the entry of their variation, with the
    /// `changes` of their variation of each experiment applied (``FlowDefinition/stepExperiments`` and
    /// `Walkthrough.stepExperiments` then say where a run is exposed to each), and every text in their locale
    /// (``TextLocalization``: the attribute `locale`, else `preferredLanguages`, then the document's
    /// `defaultLocale`), which they carry as ``FlowDefinition/locale`` and `Walkthrough.locale` for
    /// analytics. A user outside an experiment gets the document as written.
    ///
    /// - Parameters:
    ///   - forcedVariations: variations to use instead of assigning them, by experiment key (for
    ///     previews and QA); such a user counts as in the experiment.
    ///   - preferredLanguages: the device's preferred languages, used when the attributes have no
    ///     `locale` (by default `Locale.preferredLanguages`).
    /// - Throws: ``DocumentError`` when a subflow names no flow or flows run each other in a circle (both are
    ///   reported by `waypoint lint`).
    public func resolve(
        attributes: Attributes, savedGroups: SavedGroups = [:], forcedVariations: [String: String] = [:],
        preferredLanguages: [String] = Locale.preferredLanguages
    ) throws(DocumentError) -> Resolution {
        let selector = EntrySelector(document: self, attributes: attributes, savedGroups: savedGroups, forcedVariations: forcedVariations)
        let localization = TextLocalization(attributes: attributes, preferredLanguages: preferredLanguages, defaultLocale: defaultLocale)
        let locale = shownLocale(localization)
        var flowChoices: [String: ResolutionReport.FlowChoice] = [:]
        var entryExperiments: [String: ExperimentAssignment] = [:]
        var entries: [String: FlowEntry] = [:]
        for id in selector.flowIDs {
            guard let (entry, entryAssignment) = selector.flowSelection(id) else { continue }
            entries[id] = entry
            let entryChoice = ResolutionReport.FlowChoice(entryAssignment)
            entryExperiments[id] = entryChoice.assignment
            // A flow whose entries do not vary is reported with the experiment that changes its steps, if any.
            flowChoices[id] = entryAssignment == nil
                ? selector.decidingChanges(selector.flowChanges(id)).map { ResolutionReport.FlowChoice($0.assignment) } ?? entryChoice
                : entryChoice
        }
        // Each flow carries its experiment before it is built into the flows that run it as a
        // subflow, so that a run is exposed where it enters the subflow; an experiment that changes
        // steps exposes it at its own first changed step instead (docs/ARCHITECTURE.md, "Exposure").
        let definitions = try Self.buildFlows(
            entries, order: selector.flowIDs, savedGroups: savedGroups, localization: localization
        ) { id, definition in
            definition.experiment = entryExperiments[id]
            definition.stepExperiments = selector.flowStepExperiments(id)
            definition.revision = revision
            definition.locale = locale
        }

        var walkthroughChoices: [String: ResolutionReport.WalkthroughChoice] = [:]
        var walkthroughs: [String: Walkthrough<Attributes>] = [:]
        for id in selector.walkthroughIDs {
            guard let (entry, entryAssignment) = selector.walkthroughSelection(id) else { continue }
            let failure = entry.when?.explainFailure(attributes, savedGroups: savedGroups)
            let entryExperiment = ResolutionReport.WalkthroughChoice(eligible: true, entryAssignment).assignment
            // A walkthrough whose entries do not vary is reported with the experiment that changes its steps, if any.
            let assignment = entryAssignment ?? selector.decidingChanges(selector.walkthroughChanges(id))?.assignment
            var choice = ResolutionReport.WalkthroughChoice(eligible: failure == nil, assignment)
            choice.ineligibilityReason = failure.map { "its condition is false: " + $0 }
            walkthroughChoices[id] = choice
            var walkthrough = entry.walkthrough(savedGroups: savedGroups, localization: localization)
            walkthrough.experiment = entryExperiment
            walkthrough.stepExperiments = selector.walkthroughStepExperiments(id)
            walkthrough.revision = revision
            walkthrough.locale = locale
            walkthroughs[id] = walkthrough
        }
        return Resolution(
            report: ResolutionReport(flows: flowChoices, walkthroughs: walkthroughChoices),
            flows: definitions, walkthroughs: walkthroughs, revision: revision)
    }

    /// Builds flow definitions, each after the flows it runs as subflows; `finish` completes each one
    /// before it is built into the flows that run it.
    private static func buildFlows(
        _ entries: [String: FlowEntry], order: [String], savedGroups: SavedGroups, localization: TextLocalization,
        finish: (String, inout FlowDefinition<Attributes>) -> Void
    ) throws(DocumentError) -> [String: FlowDefinition<Attributes>] {
        var built: [String: FlowDefinition<Attributes>] = [:]
        // Iterative depth-first order over subflow links; a flow met again while open closes a circle.
        var open: [String] = []
        var isOpen: Set<String> = []
        for root in order where built[root] == nil {
            var stack: [(id: String, pending: [String])] = []
            func push(_ id: String) throws(DocumentError) {
                guard let entry = entries[id] else { return }
                open.append(id)
                isOpen.insert(id)
                var pending: [String] = []
                for step in entry.steps {
                    guard let subflow = step.subflow else { continue }
                    guard entries[subflow] != nil else {
                        throw DocumentError.unknownSubflow(step: step.id, flow: id, subflow: subflow)
                    }
                    pending.append(subflow)
                }
                stack.append((id, pending.reversed()))
            }
            try push(root)
            while var top = stack.popLast() {
                if let next = top.pending.popLast() {
                    stack.append(top)
                    if isOpen.contains(next) {
                        let cycle = Array(open.drop { $0 != next }) + [next]
                        throw DocumentError.subflowCycle(cycle)
                    }
                    if built[next] == nil { try push(next) }
                    continue
                }
                open.removeLast()
                isOpen.remove(top.id)
                if let entry = entries[top.id] {
                    var definition = entry.definition(subflows: built, savedGroups: savedGroups, localization: localization)
                    finish(top.id, &definition)
                    built[top.id] = definition
                }
            }
        }
        return built
    }
}

extension ResolutionReport.FlowChoice {
    /// The choice an assignment makes; no experiment without one.
    init(_ assignment: EntrySelector.Assignment?) {
        self.init(
            experiment: assignment?.experiment, variation: assignment?.variation,
            inExperiment: assignment?.inExperiment ?? false, hashValue: assignment?.hashValue,
            exclusionReason: assignment?.exclusionReason, forced: assignment?.isForced == true ? true : nil)
    }

    /// The experiment and variation to attribute the flow's events to: only for a user in the experiment.
    var assignment: ExperimentAssignment? {
        guard inExperiment, let experiment, let variation else { return nil }
        return ExperimentAssignment(experiment: experiment, variation: variation)
    }
}

extension ResolutionReport.WalkthroughChoice {
    /// The choice an assignment makes for a walkthrough that is `eligible` or not; no experiment without one.
    init(eligible: Bool, _ assignment: EntrySelector.Assignment?) {
        self.init(
            eligible: eligible, experiment: assignment?.experiment, variation: assignment?.variation,
            inExperiment: assignment?.inExperiment, hashValue: assignment?.hashValue, ineligibilityReason: nil,
            exclusionReason: assignment?.exclusionReason, forced: assignment?.isForced == true ? true : nil)
    }

    /// The experiment and variation to attribute the walkthrough's events to: only for a user in the experiment.
    var assignment: ExperimentAssignment? {
        guard inExperiment == true, let experiment, let variation else { return nil }
        return ExperimentAssignment(experiment: experiment, variation: variation)
    }
}

extension FlowEntry {
    /// The entry as a flow definition over attributes, content in `localization`'s locale; `subflows`
    /// must hold every flow its steps run.
    func definition(
        subflows: [String: FlowDefinition<Attributes>], savedGroups: SavedGroups, localization: TextLocalization
    ) -> FlowDefinition<Attributes> {
        let steps = self.steps.map { entry -> Step<Attributes> in
            var step: Step<Attributes>
            if let subflow = entry.subflow, let definition = subflows[subflow] {
                step = Step(entry.id, subflow: definition)
            } else {
                step = Step(entry.id, screen: entry.screen)
            }
            for outcome in entry.declaredOutcomes ?? [] { step = step.on(outcome.name, to: outcome.target) }
            step.condition = entry.skip ? Self.skippedByVariation : entry.when?.stepCondition(savedGroups: savedGroups)
            if let content = entry.content { step.content = StepContent(content, localization: localization) }
            return step
        }
        return FlowDefinition(id: id, version: version, start: start, steps: steps)
    }

    /// The condition of a step an experiment variation skips (`"skip": true`): always false.
    private static let skippedByVariation = StepCondition<Attributes>("skipped in this variation") { _ in false }
}

extension WalkthroughEntry {
    /// The entry as a walkthrough over attributes, texts in `localization`'s locale.
    func walkthrough(savedGroups: SavedGroups, localization: TextLocalization) -> Walkthrough<Attributes> {
        let steps = self.steps.map { step -> WalkthroughStep<Attributes> in
            WalkthroughStep(
                id: step.id, targetElementId: step.targetElementId, highlightShape: step.highlightShape,
                tooltipText: step.tooltipText.text(in: localization), tooltipPosition: step.tooltipPosition,
                completionTrigger: step.completionTrigger, canSkip: step.canSkip,
                condition: Self.predicate(step.when, savedGroups: savedGroups),
                targetTimeout: step.targetTimeout.map { Duration.seconds($0) })
        }
        return Walkthrough(
            id: id, version: version, maxDisplayCount: maxDisplayCount,
            condition: Self.predicate(when, savedGroups: savedGroups), steps: steps)
    }

    private static func predicate(_ condition: Condition?, savedGroups: SavedGroups) -> (@Sendable (Attributes) -> Bool)? {
        guard let condition else { return nil }
        return { attributes in condition.evaluate(attributes, savedGroups: savedGroups) }
    }
}

import Waypoint

/// Every variation's graph: the flows and walkthroughs as each variation of each experiment with
/// `changes` makes them (docs/ARCHITECTURE.md, "Experiments that change steps").
///
/// A change of `on`, `skip` or `when` can leave an outcome leading nowhere, a step that can no longer be
/// entered, a step from which the flow cannot complete or a cycle without exit; a change of a hint's
/// element or trigger can put two hints on one element with one trigger. Such a problem, found only in a
/// variation, names it ("in variation `annual-first` of `paywall-copy`: …") and points at the change that
/// causes it: the change of the step it is about, else the variation's one change of the flow's
/// navigation; when several changes could be the cause, at the step. A problem the document has as
/// written is reported once, on the document.
extension DocumentLinter {
    /// Lints the flows and walkthroughs that each variation with `changes` changes, as it changes them.
    mutating func lintVariations() {
        var seenKeys: Set<String> = []
        for (experimentIndex, experiment) in document.experiments.enumerated() {
            guard seenKeys.insert(experiment.key).inserted else { continue }
            for variation in experiment.uniqueVariations {
                let changes = experiment.changes(for: variation)
                guard !changes.isEmpty, let varied = try? document.applying(variation: variation, of: experiment.key) else { continue }
                let context = VariationContext(
                    experiment: experiment.key, experimentIndex: experimentIndex, variation: variation, changes: changes)
                lintVariation(context, in: varied)
            }
        }
    }

    /// One variation of one experiment, and the changes it makes.
    private struct VariationContext {
        let experiment: String
        let experimentIndex: Int
        let variation: String
        let changes: [ExperimentChange]

        /// The path of change `position`: `experiments[0].changes.annual-first[1]`.
        func path(_ position: Int) -> DocumentPath {
            DocumentLinter.experimentPath(experimentIndex).appending("changes").appending(variation).appending(position)
        }

        var prefix: String { "in variation `\(variation)` of `\(experiment)`: " }
    }

    private mutating func lintVariation(_ context: VariationContext, in varied: WaypointDocument) {
        let flowIDs = Set(context.changes.compactMap(\.flow))
        let walkthroughIDs = Set(context.changes.compactMap(\.walkthrough))
        for (index, flow) in document.flows.enumerated() where flowIDs.contains(flow.id) && varied.flows.indices.contains(index) {
            var asWritten = DocumentLinter(document: document)
            asWritten.lintFlow(flow, at: index)
            var changed = DocumentLinter(document: varied)
            changed.lintFlow(varied.flows[index], at: index)
            let known = Set(asWritten.findings.map(Key.init))
            for finding in changed.findings where !known.contains(Key(finding)) {
                report(finding, context: context, located: locate(finding, flow: varied.flows[index], context: context))
            }
        }
        for (index, walkthrough) in document.walkthroughs.enumerated()
        where walkthroughIDs.contains(walkthrough.id) && varied.walkthroughs.indices.contains(index) {
            var asWritten = DocumentLinter(document: document)
            asWritten.lintWalkthrough(walkthrough, at: index)
            var changed = DocumentLinter(document: varied)
            changed.lintWalkthrough(varied.walkthroughs[index], at: index)
            let known = Set(asWritten.findings.map(Key.init))
            for finding in changed.findings where !known.contains(Key(finding)) {
                report(finding, context: context, located: locate(finding, walkthrough: varied.walkthroughs[index], context: context))
            }
        }
    }

    /// What makes two findings the same problem.
    private struct Key: Hashable {
        let code: DiagnosticCode
        let path: DocumentPath
        let message: String

        init(_ finding: Finding) {
            code = finding.code
            path = finding.path
            message = finding.message
        }
    }

    private mutating func report(_ finding: Finding, context: VariationContext, located path: DocumentPath?) {
        add(finding.code, finding.severity, path ?? finding.path, context.prefix + finding.message, step: finding.step, outcome: finding.outcome)
    }

    /// Where a flow problem of a variation is caused: the change of its step (the field that matters),
    /// else the variation's only change of the flow's navigation; `nil` to keep the step's path.
    private func locate(_ finding: Finding, flow: FlowEntry, context: VariationContext) -> DocumentPath? {
        var navigation: [(position: Int, set: FlowStepChange)] = []
        for (position, change) in context.changes.enumerated() {
            guard case .flowStep(let id, let stepID, let set) = change, id == flow.id else { continue }
            if let step = finding.step, flow.steps.indices.contains(step), flow.steps[step].id == stepID {
                return Self.field(of: set, at: context.path(position).appending("set"), outcome: finding.outcome)
            }
            if set.on != nil || set.skip != nil || set.when != nil { navigation.append((position, set)) }
        }
        guard navigation.count == 1, let only = navigation.first else { return nil }
        return Self.field(of: only.set, at: context.path(only.position).appending("set"), outcome: nil)
    }

    /// The field of a flow step change that decides navigation: `on` (the outcome when known), `skip`, `when`.
    private static func field(of set: FlowStepChange, at path: DocumentPath, outcome: String?) -> DocumentPath {
        if let on = set.on {
            if let outcome, on.contains(where: { $0.name == outcome }) { return path.appending("on").appending(outcome) }
            return path.appending("on")
        }
        if set.skip != nil { return path.appending("skip") }
        if set.when != nil { return path.appending("when") }
        return path
    }

    /// Where a walkthrough problem of a variation is caused: the change of its step's element or trigger.
    private func locate(_ finding: Finding, walkthrough: WalkthroughEntry, context: VariationContext) -> DocumentPath? {
        guard let step = finding.step, walkthrough.steps.indices.contains(step) else { return nil }
        for (position, change) in context.changes.enumerated() {
            guard case .walkthroughStep(let id, let stepID, let set) = change, id == walkthrough.id, stepID == walkthrough.steps[step].id
            else { continue }
            let path = context.path(position).appending("set")
            if set.targetElementId != nil { return path.appending("targetElementId") }
            if set.completionTrigger != nil { return path.appending("completionTrigger") }
            return path
        }
        return nil
    }

    /// The conditions that changes set (`"set": {"when": …}`), checked as a step's own.
    mutating func lintChangeConditions() {
        for (experimentIndex, experiment) in document.experiments.enumerated() {
            for variation in experiment.uniqueVariations {
                for (position, change) in experiment.changes(for: variation).enumerated() {
                    let when: Condition?
                    switch change {
                    case .flowStep(_, _, let set): when = set.when
                    case .walkthroughStep(_, _, let set): when = set.when
                    }
                    guard let when else { continue }
                    lintCondition(when.json, at: Self.experimentPath(experimentIndex).appending("changes").appending(variation)
                        .appending(position).appending("set").appending("when"))
                }
            }
        }
    }
}

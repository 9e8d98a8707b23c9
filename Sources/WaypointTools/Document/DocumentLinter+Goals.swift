import Waypoint

/// What an experiment is for, and what its variations remove (docs/ARCHITECTURE.md, "The document format").
///
/// An experiment's `goal` and `guardrails` must name a step (and an outcome of it) of a flow or
/// walkthrough the experiment reaches — a goal nobody can reach would report 0 conversions for weeks —
/// and its `minimumDetectableEffect` must be a relative effect above 0 and at most 1 (100%). A variation's
/// change that removes a key of a step's `content` (`null`) is warned about: the screen must do without it.
extension DocumentLinter {
    /// The largest minimum detectable effect: 1, an effect of 100%.
    static let largestMinimumDetectableEffect = 1.0

    /// Checks each experiment's goal, guardrails and minimum detectable effect.
    mutating func lintExperimentGoals() {
        let reach = ExperimentReach(document: document)
        var seen: Set<String> = []
        for (index, experiment) in document.experiments.enumerated() where seen.insert(experiment.key).inserted {
            let path = Self.experimentPath(index)
            if let effect = experiment.minimumDetectableEffect, !(effect > 0 && effect <= Self.largestMinimumDetectableEffect) {
                var message = "the minimum detectable effect of `\(experiment.key)` is \(JavaScript.numberToString(effect)); "
                    + "it is relative and must be above 0 and at most 1 (0.1 is 10%)"
                if effect > 1, effect <= 100 { message += "; did you mean \(JavaScript.numberToString(effect / 100)) (\(JavaScript.numberToString(effect))%)?" }
                add(.badValue, .error, path.appending("minimumDetectableEffect"), message)
            }
            let goals = [(experiment.goal, path.appending("goal"), "goal")]
                + (experiment.guardrails ?? []).enumerated().map { (Optional($0.element), path.appending("guardrails").appending($0.offset), "guardrail") }
            let subjects = Self.subjects(of: experiment.key, in: document, reach: reach)
            guard !subjects.isEmpty else { continue }
            for (goal, goalPath, label) in goals {
                guard let goal, let problem = Self.goalProblem(goal, subjects: subjects, document: document) else { continue }
                add(.unknownGoal, .error, goalPath, "the \(label) `\(goal)` of `\(experiment.key)` \(problem)")
            }
        }
    }

    /// A flow or walkthrough an experiment decides, with the goals it offers.
    private struct GoalSubject {
        let kind: String
        let id: String
        let steps: [String]
        /// The outcomes of each step (`back` included); for a walkthrough, the triggers that complete a hint.
        let outcomes: [String: [String]]
    }

    /// The flows the experiment reaches that no other of them runs as a subflow, then the walkthroughs
    /// with an entry naming it or a step it changes.
    private static func subjects(of key: String, in document: WaypointDocument, reach: ExperimentReach) -> [GoalSubject] {
        var flowIDs: [String] = []
        for flow in document.flows where !flowIDs.contains(flow.id) && reach.experiments(reaching: flow.id).contains(where: { $0.key == key }) {
            flowIDs.append(flow.id)
        }
        let runAsSubflow = Set(document.flows.filter { flowIDs.contains($0.id) }.flatMap { $0.steps.compactMap(\.subflow) })
        var subjects: [GoalSubject] = flowIDs.filter { !runAsSubflow.contains($0) }.map { id in
            let outcomes = document.reportedOutcomes(ofFlow: id).mapValues { $0 + ["back"] }
            return GoalSubject(kind: "flow", id: id, steps: document.reportedStepIDs(ofFlow: id) ?? [], outcomes: outcomes)
        }
        let experiment = document.experiment(key)
        var walkthroughIDs: [String] = []
        for walkthrough in document.walkthroughs
        where !walkthroughIDs.contains(walkthrough.id) && (walkthrough.experiment == key || experiment?.changesWalkthrough(walkthrough.id) == true) {
            walkthroughIDs.append(walkthrough.id)
        }
        subjects += walkthroughIDs.map { id in
            let steps = document.reportedStepIDs(ofWalkthrough: id) ?? []
            let triggers = ["tap", "swipe", "timer", "event", "button"]
            return GoalSubject(kind: "walkthrough", id: id, steps: steps, outcomes: Dictionary(uniqueKeysWithValues: steps.map { ($0, triggers) }))
        }
        return subjects
    }

    /// Why no subject has the goal ("names step `x`, which …; did you mean `y`?"), or `nil`.
    private static func goalProblem(_ goal: String, subjects: [GoalSubject], document: WaypointDocument) -> String? {
        guard goal != ExperimentEntry.defaultGoal else { return nil }
        let parts = goal.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let step = parts[0]
        let owners = subjects.filter { $0.steps.contains(step) }
        let named = subjects.map { "\($0.kind) `\($0.id)`" }
        guard !owners.isEmpty else {
            let steps = subjects.flatMap(\.steps)
            let owners = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
            var problem = "names the step `\(step)`, which \(owners) do\(named.count == 1 ? "es" : "") not have"
            if let suggestion = Spelling.suggestion(for: step, among: steps) {
                problem += "; did you mean `\(parts.count == 2 ? suggestion + ":" + parts[1] : suggestion)`?"
            } else {
                problem += "; its steps are \(Spelling.choices(Array(steps.prefix(10)), conjunction: "and"))\(steps.count > 10 ? " and more" : "")"
            }
            return problem + " (a subflow's step is written `sub/inner`)"
        }
        guard parts.count == 2 else { return nil }
        let outcome = parts[1]
        let outcomes = owners.flatMap { $0.outcomes[step] ?? [] }
        guard !outcomes.contains(outcome) else { return nil }
        var unique: [String] = []
        for name in outcomes where !unique.contains(name) { unique.append(name) }
        var problem = "names the outcome `\(outcome)` of step `\(step)`, which the step does not declare"
        if let suggestion = Spelling.suggestion(for: outcome, among: unique) {
            problem += "; did you mean `\(step):\(suggestion)`?"
        } else {
            problem += "; its outcomes are \(Spelling.choices(unique, conjunction: "and"))"
        }
        return problem
    }

    /// Warns of each key a variation's change removes from a step's `content`.
    mutating func lintContentRemovals() {
        var seen: Set<String> = []
        for (experimentIndex, experiment) in document.experiments.enumerated() where seen.insert(experiment.key).inserted {
            for variation in experiment.uniqueVariations {
                for (position, change) in experiment.changes(for: variation).enumerated() {
                    guard case .flowStep(let flowID, let stepID, let set) = change, let patch = set.content, !patch.removals.isEmpty else { continue }
                    let content = document.flows.first { $0.id == flowID }?.steps.first { $0.id == stepID }?.content ?? [:]
                    for key in patch.removals.sorted() {
                        let path = Self.experimentPath(experimentIndex).appending("changes").appending(variation).appending(position)
                            .appending("set").appending("content").appending(key)
                        var message = "in variation `\(variation)` of `\(experiment.key)`: "
                        if content[key] != nil {
                            message += "the change removes `\(key)` from the content of step `\(stepID)` of flow `\(flowID)`; "
                                + "the app's screen must show the step without it (set a value instead to change it)"
                        } else {
                            message += "the change removes `\(key)`, which the content of step `\(stepID)` of flow `\(flowID)` does not have, so it removes nothing"
                            if let suggestion = Spelling.suggestion(for: key, among: content.keys.sorted()) {
                                message += "; did you mean `\(suggestion)`?"
                            }
                        }
                        add(.removedContent, .warning, path, message)
                    }
                }
            }
        }
    }
}

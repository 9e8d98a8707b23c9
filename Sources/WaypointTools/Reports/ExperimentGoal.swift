import Waypoint

/// What counts as a conversion in an experiment report (docs/ARCHITECTURE.md, "The experiment
/// report"): the run's end, a step viewed, or a step completed with one outcome — each only after
/// the user's exposure.
public enum ExperimentGoal: Sendable, Hashable, CustomStringConvertible {
    /// `$complete`: a `Flow Completed` (a `Walkthrough Completed` for a walkthrough's experiment).
    case complete
    /// `STEP`: a `Step Viewed` of the step (a `Hint Shown`, for a walkthrough).
    case step(String)
    /// `STEP:OUTCOME`: a `Step Completed` of the step with that outcome (a `Hint Completed` with
    /// that trigger, for a walkthrough).
    case outcome(step: String, outcome: String)

    /// The goal as written: `$complete`, `paywall` or `paywall:subscribe`; a step id of a subflow is
    /// `sub/inner`. The text is split at its first `:`.
    public init(_ text: String) {
        if text == "$complete" {
            self = .complete
        } else if let colon = text.firstIndex(of: ":") {
            self = .outcome(step: String(text[..<colon]), outcome: String(text[text.index(after: colon)...]))
        } else {
            self = .step(text)
        }
    }

    /// The goal as written (`$complete`, `STEP`, `STEP:OUTCOME`).
    public var description: String {
        switch self {
        case .complete: "$complete"
        case .step(let step): step
        case .outcome(let step, let outcome): "\(step):\(outcome)"
        }
    }

    /// The step the goal names, if any.
    public var stepID: String? {
        switch self {
        case .complete: nil
        case .step(let step), .outcome(let step, _): step
        }
    }

    /// Every goal the document declares for the flow (or walkthrough) `id`: `$complete`, each
    /// reported step, then each `step:outcome` of the steps' declared outcomes (for a walkthrough,
    /// its steps only); just `$complete` when the document has no such flow or walkthrough.
    public static func choices(in document: WaypointDocument, flowID id: String) -> [ExperimentGoal] {
        var goals: [ExperimentGoal] = [.complete]
        if let steps = document.reportedStepIDs(ofFlow: id) {
            let outcomes = document.reportedOutcomes(ofFlow: id)
            goals += steps.map(ExperimentGoal.step)
            for step in steps { goals += (outcomes[step] ?? []).map { ExperimentGoal.outcome(step: step, outcome: $0) } }
        } else if let steps = document.reportedStepIDs(ofWalkthrough: id) {
            goals += steps.map(ExperimentGoal.step)
        }
        return goals
    }
}

extension WaypointDocument {
    /// The outcomes each reported step of a flow (``reportedStepIDs(ofFlow:)``, subflow steps as
    /// `sub/inner`) declares in its `on`, in document order; `next` for a step without `on` (it
    /// follows document order). Entries sharing the flow id add their outcomes not listed yet.
    public func reportedOutcomes(ofFlow id: String) -> [String: [String]] {
        var outcomes: [String: [String]] = [:]
        collectOutcomes(flow: id, prefix: "", open: [id], into: &outcomes)
        return outcomes
    }

    private func collectOutcomes(flow id: String, prefix: String, open: Set<String>, into outcomes: inout [String: [String]]) {
        for entry in flows where entry.id == id {
            for step in entry.steps {
                let path = prefix + step.id
                if let subflow = step.subflow, !open.contains(subflow), flows.contains(where: { $0.id == subflow }) {
                    collectOutcomes(flow: subflow, prefix: path + "/", open: open.union([subflow]), into: &outcomes)
                    continue
                }
                let names = step.declaredOutcomes?.map(\.name) ?? ["next"]
                for name in names where !(outcomes[path]?.contains(name) ?? false) { outcomes[path, default: []].append(name) }
            }
        }
    }
}

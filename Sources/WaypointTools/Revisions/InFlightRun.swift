import Waypoint

/// A user's current run of a flow, rebuilt from their events: the visited path their app has saved,
/// and the experiment variation the run was attributed to.
struct InFlightRun: Sendable, Hashable {
    /// The visited path, as ``FlowState/path`` holds it (the last visit is the current step).
    var path: [Visit]
    /// The experiment of the run's first event that names a variation.
    var experiment: String?
    /// That event's variation.
    var variation: String?

    /// The user's run when they are mid-flow: their latest `Flow Started` has no later `Flow Completed`
    /// or `Flow Abandoned`; `nil` otherwise (no start, or the run ended).
    ///
    /// The path is replayed from the run's events in order (``PreviewEvent/precedes(_:_:)``), as the
    /// navigator built it: a `Step Viewed` at `stepIndex` i cuts the path to its first i visits and
    /// appends the step (the view after `back`, or after a custom step, shows a visit again at a lower
    /// index); the view that follows a `$push` departure is that custom step, pushed from the same
    /// step. A `Step Completed` records how its visit was left (its `outcome`: an outcome name, or
    /// `$jump`, `$push`, `$complete`); with outcome `back` it removes the current visit.
    /// `Step Skipped` is not part of the path.
    init?(events: inout [PreviewEvent]) {
        events.sort(by: PreviewEvent.precedes)
        guard let start = events.lastIndex(where: { $0.kind == .flowStarted }) else { return nil }
        let run = events[start...]
        guard !run.contains(where: { $0.kind == .flowCompleted || $0.kind == .flowAbandoned }) else { return nil }
        path = []
        for event in run {
            if variation == nil, let name = event.variation {
                variation = name
                experiment = event.experiment
            }
            switch event.kind {
            case .stepViewed:
                if let stepID = event.stepID { view(stepID, at: event.stepIndex) }
            case .stepCompleted:
                if let stepID = event.stepID, let outcome = event.outcome { leave(stepID, at: event.stepIndex, with: outcome) }
            case .flowStarted, .stepSkipped, .flowCompleted, .flowAbandoned, .experimentViewed:
                continue
            }
        }
    }

    private mutating func view(_ stepID: String, at stepIndex: Int32) {
        let index = stepIndex == FlowRecord.noStepIndex ? path.count : Int(max(0, stepIndex))
        if index < path.count { path.removeSubrange(index...) }
        if let previous = path.last, previous.departure == .pushedCustom {
            path.append(Visit(path: previous.path, custom: CustomStep(stepID)))
        } else {
            path.append(Visit(path: StepPath(stepID)))
        }
    }

    private mutating func leave(_ stepID: String, at stepIndex: Int32, with outcome: String) {
        let position: Int
        if stepIndex != FlowRecord.noStepIndex {
            // The visit the event names; an index past the path (its view came later) is not one.
            guard stepIndex >= 0, Int(stepIndex) < path.count, path[Int(stepIndex)].stepID == stepID else { return }
            position = Int(stepIndex)
        } else {
            guard let last = path.last, last.stepID == stepID else { return }
            position = path.count - 1
        }
        if outcome == Outcome.back {
            guard position == path.count - 1, path.count > 1 else { return }
            path.removeLast()
            let previous = path[path.count - 1]
            path[path.count - 1] = Visit(path: previous.path, custom: previous.custom)
        } else {
            let visit = path[position]
            path[position] = Visit(path: visit.path, custom: visit.custom, departure: .outcome(outcome))
        }
    }
}

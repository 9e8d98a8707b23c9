/// The experiment `changes` a user sees: which apply to a flow or walkthrough, and why.
extension EntrySelector {
    /// An experiment that changes steps of a flow or walkthrough, the user's assignment to it, and
    /// the changes applied for that user (none outside the experiment, or in a variation without changes).
    package struct AppliedChanges: Sendable, Hashable {
        /// The experiment's key.
        package let experiment: String
        /// The user's assignment; `inExperiment` is false (and ``changes`` empty) for a user outside it.
        package let assignment: Assignment
        /// The changes of the user's variation to the flow or walkthrough.
        package let changes: [ExperimentChange]
        /// The steps of the flow or walkthrough that any variation changes.
        package let changedSteps: Set<String>
    }

    /// The experiments that change steps of flow `id`, in document order, with what they change for the user.
    package func flowChanges(_ id: String) -> [AppliedChanges] {
        document.experiments.filter { $0.changesFlow(id) }.map { experiment in
            applied(experiment, changedSteps: experiment.changedSteps(ofFlow: id)) { $0.flow == id }
        }
    }

    /// The experiments that change steps of walkthrough `id`, in document order, with what they change for the user.
    package func walkthroughChanges(_ id: String) -> [AppliedChanges] {
        document.experiments.filter { $0.changesWalkthrough(id) }.map { experiment in
            applied(experiment, changedSteps: experiment.changedSteps(ofWalkthrough: id)) { $0.walkthrough == id }
        }
    }

    private func applied(
        _ experiment: ExperimentEntry, changedSteps: Set<String>, concerns: (ExperimentChange) -> Bool
    ) -> AppliedChanges {
        let assignment = assign(experiment.key)
        var changes: [ExperimentChange] = []
        if assignment.inExperiment, let variation = assignment.variation {
            changes = experiment.changes(for: variation).filter(concerns)
        }
        return AppliedChanges(experiment: experiment.key, assignment: assignment, changes: changes, changedSteps: changedSteps)
    }

    /// The experiment that decides what the user sees of `applied`: the first the user takes part in, else
    /// the first (which then explains why the user sees the steps as written).
    package func decidingChanges(_ applied: [AppliedChanges]) -> AppliedChanges? {
        applied.first { $0.assignment.inExperiment } ?? applied.first
    }

    /// The experiments whose changed steps expose a run of flow `id`: those that change its steps
    /// and that the user takes part in, in document order.
    package func flowStepExperiments(_ id: String) -> [StepExperiment] {
        Self.stepExperiments(flowChanges(id))
    }

    /// The experiments whose changed steps expose a run of walkthrough `id`, in document order.
    package func walkthroughStepExperiments(_ id: String) -> [StepExperiment] {
        Self.stepExperiments(walkthroughChanges(id))
    }

    private static func stepExperiments(_ applied: [AppliedChanges]) -> [StepExperiment] {
        applied.compactMap { applied in
            guard applied.assignment.inExperiment, let variation = applied.assignment.variation else { return nil }
            return StepExperiment(
                assignment: ExperimentAssignment(experiment: applied.experiment, variation: variation),
                changedSteps: applied.changedSteps)
        }
    }
}

/// An experiment that changes some steps of a flow or walkthrough (`changes`), with the user's
/// variation and the steps that any variation changes: a run is exposed when it enters or skips one
/// of them (docs/ARCHITECTURE.md, "Exposure").
public struct StepExperiment: Sendable, Hashable {
    /// The experiment and the user's variation (the control included).
    public var assignment: ExperimentAssignment
    /// The ids of the steps that any variation of the experiment changes.
    public var changedSteps: Set<String>

    /// Creates a step experiment.
    package init(assignment: ExperimentAssignment, changedSteps: Set<String>) {
        self.assignment = assignment
        self.changedSteps = changedSteps
    }
}

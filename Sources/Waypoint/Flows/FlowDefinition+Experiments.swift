extension FlowDefinition {
    /// The experiment of the outermost subflow around the step at `path` that carries one
    /// (``experiment``): the experiment a run reaches by entering that subflow's step; `nil` when no
    /// subflow around the step varies, or the path is not declared for `context`.
    ///
    /// The subflow step itself (`paywall`, not `paywall/plans`) is outside its subflow: a subflow
    /// step skipped because its condition is false never runs its flow.
    package func subflowExperiment(around path: StepPath, context: Context) -> ExperimentAssignment? {
        guard path.isNested else { return nil }
        var flow = self
        for id in path.components.dropLast() {
            let list = flow.stepList(for: context)
            guard let position = list.routes.position(of: id), let subflow = list.steps[position].subflow else { return nil }
            if let experiment = subflow.experiment { return experiment }
            flow = subflow
        }
        return nil
    }
}

extension FlowDefinition {
    /// The experiment a run reaches at the step at `path` (entering or skipping it), for the one
    /// exposure rule of ``RunExposure``: the first, from the outside in, of
    /// - an experiment that changes that step, or the subflow step around it, of its flow
    ///   (``stepExperiment``; for a subflow, the subflow's own);
    /// - the experiment of a subflow around the step that carries one (``experiment``).
    ///
    /// `nil` when none applies, or the path is not declared for `context`. The subflow step itself
    /// (`paywall`, not `paywall/plans`) is outside its subflow: a subflow step skipped because its
    /// condition is false never runs its flow, so only a change to that step exposes the run there.
    /// The flow's own ``experiment`` is reached at `Flow Started`, not here.
    package func experimentReached(at path: StepPath, context: Context) -> ExperimentAssignment? {
        let components = path.components
        var flow = self
        for (depth, id) in components.enumerated() {
            if let changes = flow.stepExperiment, changes.changedSteps.contains(id) { return changes.assignment }
            guard depth < components.count - 1 else { return nil }
            let list = flow.stepList(for: context)
            guard let position = list.routes.position(of: id), let subflow = list.steps[position].subflow else { return nil }
            if let experiment = subflow.experiment { return experiment }
            flow = subflow
        }
        return nil
    }
}

extension FlowDefinition {
    /// The experiments a run reaches at the step at `path` (entering or skipping it), for the one
    /// exposure rule of ``RunExposure``, from the outside in:
    /// - the experiments that change that step, or the subflow step around it, of its flow
    ///   (``stepExperiments``; for a subflow, the subflow's own);
    /// - the experiment of a subflow around the step that carries one (``experiment``).
    ///
    /// Empty when none applies, or the path is not declared for `context`. The subflow step itself
    /// (`paywall`, not `paywall/plans`) is outside its subflow: a subflow step skipped because its
    /// condition is false never runs its flow, so only a change to that step exposes the run there.
    /// The flow's own ``experiment`` is reached at `Flow Started`, not here.
    package func experimentsReached(at path: StepPath, context: Context) -> [ExperimentAssignment] {
        let components = path.components
        var reached: [ExperimentAssignment] = []
        var flow = self
        for (depth, id) in components.enumerated() {
            for changes in flow.stepExperiments where changes.changedSteps.contains(id) { reached.append(changes.assignment) }
            guard depth < components.count - 1 else { break }
            let list = flow.stepList(for: context)
            guard let position = list.routes.position(of: id), let subflow = list.steps[position].subflow else { break }
            if let experiment = subflow.experiment { reached.append(experiment) }
            flow = subflow
        }
        return reached
    }
}

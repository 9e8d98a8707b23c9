extension FlowState {
    /// Records the experiments a run of `definition` is exposed to by `effects`, as ``exposures``
    /// keeps them for saved progress: the flow's own ``FlowDefinition/experiment`` at `Flow Started`
    /// (a new run, which forgets the exposures of the one before), and the experiments of each step
    /// entered or skipped (``FlowDefinition/experimentsReached(at:context:)``). An experiment is
    /// recorded once per run.
    package mutating func recordExposures<Context>(
        of effects: [FlowEffect], in definition: FlowDefinition<Context>, context: Context
    ) {
        var exposures = self.exposures ?? []
        for effect in effects {
            var reached: [ExperimentAssignment] = []
            switch effect {
            case .flowStarted:
                exposures = []
                if let experiment = definition.experiment { reached = [experiment] }
            case .entered(let visit):
                reached = definition.experimentsReached(at: visit.path, context: context)
            case .skipped(let step):
                reached = definition.experimentsReached(at: step, context: context)
            case .left, .wentBack, .flowCompleted, .persist:
                continue
            }
            for assignment in reached where !exposures.contains(where: { $0.experiment == assignment.experiment }) {
                exposures.append(assignment)
            }
        }
        self.exposures = exposures
    }
}

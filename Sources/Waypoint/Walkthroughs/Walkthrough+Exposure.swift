extension Walkthrough {
    /// The experiments a run of this walkthrough reaches at `event` (docs/ARCHITECTURE.md,
    /// "Exposure"): its own ``experiment`` at `Walkthrough Started`, and at an event of a step, the
    /// ``stepExperiments`` that change that step.
    package func experimentsReached(by event: HintAnalyticsEvent) -> [ExperimentAssignment] {
        var reached: [ExperimentAssignment] = []
        if event.event == .walkthroughStarted, let experiment { reached.append(experiment) }
        return reached + stepExperiments.reached(atStep: event.stepId)
    }

    /// The experiments a run resumed from `progress` saved before exposures were recorded is taken
    /// as exposed to: its own ``experiment`` once it was started, and the ``stepExperiments`` of the
    /// steps it has done (each was shown, passed over, or its target was not found), in order.
    package func exposuresBeforeRecording(_ progress: WalkthroughProgress) -> [ExperimentAssignment] {
        var exposure = RunExposure()
        if progress.displayCount > 0 { exposure.reach(experiment) }
        for stepId in progress.completedStepIds {
            for assignment in stepExperiments.reached(atStep: stepId) { exposure.reach(assignment) }
        }
        return exposure.exposures
    }
}

extension [StepExperiment] {
    /// The experiments that change the walkthrough step with `stepId`: a run is exposed to each at
    /// the first event of that step (shown, passed over, or its target not found); none without a step.
    package func reached(atStep stepId: String?) -> [ExperimentAssignment] {
        guard let stepId else { return [] }
        return filter { $0.changedSteps.contains(stepId) }.map(\.assignment)
    }
}

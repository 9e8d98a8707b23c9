/// Which experiments one run of a flow or walkthrough is exposed to yet: the one rule that decides
/// which events carry `experiment` and `variation`, and when a run sends `Experiment Viewed`
/// (docs/ARCHITECTURE.md, "Exposure").
///
/// A run is exposed to an experiment when it reaches the point that experiment decides: the
/// `Flow Started` of a flow whose entry the experiment chose (the `Walkthrough Started` of a
/// walkthrough), or entering the step that runs such a flow as a subflow (for a composed flow, the
/// start of a named subflow given an experiment); for an experiment that changes steps (`changes`),
/// the first step that any of its variations changes, entered or skipped
/// (``FlowDefinition/experimentsReached(at:context:)``, ``Walkthrough/stepExperiments``). A user
/// outside an experiment's coverage or condition has no assignment (the resolved flow's
/// ``FlowDefinition/experiment`` is `nil`), so their run is never exposed to it.
///
/// Several experiments may expose one run, each once, at its own point; each new exposure is one
/// `Experiment Viewed`. The stamped `experiment` and `variation` of every event name the first
/// experiment that exposed the run, from that exposure on (the control included); before it, none.
///
/// ``FlowEventRecorder`` and ``WalkthroughEventRecorder`` keep one per run and ask it for every
/// event, so apps (``FlowAnalytics``, ``SubflowAnalytics``, ``WalkthroughAnalytics``) and
/// `waypoint play` attribute the same events.
package struct RunExposure: Sendable, Hashable {
    /// The first experiment the run was exposed to, stamped on its events; `nil` before.
    package private(set) var experiment: String?
    /// The user's variation of ``experiment``.
    package private(set) var variation: String?
    /// Every experiment the run was exposed to with a variation, in the order of exposure.
    package private(set) var exposures: [ExperimentAssignment] = []

    /// A run not exposed yet.
    package init() {}

    /// Whether the run has reached the point an experiment decides.
    package var isExposed: Bool { experiment != nil || variation != nil || !exposures.isEmpty }

    /// Whether the run was exposed to `experiment` already.
    package func isExposed(to experiment: String) -> Bool {
        self.experiment == experiment || exposures.contains { $0.experiment == experiment }
    }

    /// Records that the run reached the point `assignment`'s experiment decides; `nil` when nothing
    /// is decided there.
    ///
    /// - Returns: the assignment when this is the run's first exposure to its experiment (an
    ///   `Experiment Viewed` to send), otherwise `nil`.
    @discardableResult
    package mutating func reach(_ assignment: ExperimentAssignment?) -> ExperimentAssignment? {
        guard let assignment, !isExposed(to: assignment.experiment) else { return nil }
        if !isExposed {
            experiment = assignment.experiment
            variation = assignment.variation
        }
        exposures.append(assignment)
        return assignment
    }

    /// Records that the run reached the point where the app's own experiment is decided (an
    /// ``EventAttribution`` naming an experiment or a variation); nothing when both are `nil`.
    ///
    /// - Returns: the assignment when the app names both an experiment and a variation and the run
    ///   was not exposed to that experiment yet, otherwise `nil`.
    @discardableResult
    package mutating func reach(experiment: String?, variation: String?) -> ExperimentAssignment? {
        if let experiment, let variation { return reach(ExperimentAssignment(experiment: experiment, variation: variation)) }
        guard !isExposed, experiment != nil || variation != nil else { return nil }
        self.experiment = experiment
        self.variation = variation
        return nil
    }

    /// `event` as the run sends it: with the run's first experiment and variation once exposed,
    /// with neither before.
    package func attributing(_ event: OnboardingEvent) -> OnboardingEvent {
        var attributed = event
        attributed.experiment = experiment
        attributed.variation = variation
        return attributed
    }
}

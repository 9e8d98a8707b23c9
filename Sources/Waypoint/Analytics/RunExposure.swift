/// Whether one run of a flow or walkthrough is exposed to an experiment yet, and to which: the one
/// rule that decides which events carry `experiment` and `variation` (docs/ARCHITECTURE.md,
/// "Exposure").
///
/// A run is exposed when it reaches the point its experiment decides: the `Flow Started` of a flow
/// whose entry the experiment chose (the `Walkthrough Started` of a walkthrough), or entering the
/// step that runs such a flow as a subflow (for a composed flow, the start of a named subflow given
/// an experiment); for an experiment that changes steps (`changes`), the first step that any of its
/// variations changes, entered or skipped (``FlowDefinition/experimentReached(at:context:)``,
/// ``Walkthrough/stepExperiment``). From then on every event of the run carries the experiment and the user's
/// variation, the control included; before it, none. A user outside the experiment's coverage or
/// condition has no assignment (the resolved flow's ``FlowDefinition/experiment`` is `nil`), so
/// their run is never exposed.
///
/// One experiment per run: the first exposure holds until the run ends; a second experiment the
/// run reaches later (the lint error `overlapping-experiments`) does not replace it.
///
/// ``FlowEventRecorder`` and ``WalkthroughEventRecorder`` keep one per run and ask it for every
/// event, so apps (``FlowAnalytics``, ``SubflowAnalytics``, ``WalkthroughAnalytics``) and
/// `waypoint play` attribute the same events.
package struct RunExposure: Sendable, Hashable {
    /// The experiment the run carries, once exposed; `nil` before.
    package private(set) var experiment: String?
    /// The user's variation of ``experiment``.
    package private(set) var variation: String?

    /// A run not exposed yet.
    package init() {}

    /// Whether the run has reached the point an experiment decides.
    package var isExposed: Bool { experiment != nil || variation != nil }

    /// Records that the run reached the point `assignment`'s experiment decides; `nil` when nothing
    /// is decided there. The first exposure of a run holds.
    package mutating func reach(_ assignment: ExperimentAssignment?) {
        guard let assignment else { return }
        reach(experiment: assignment.experiment, variation: assignment.variation)
    }

    /// Records that the run reached the point where the app's own experiment is decided (an
    /// ``EventAttribution`` naming an experiment or a variation); nothing when both are `nil`.
    package mutating func reach(experiment: String?, variation: String?) {
        guard !isExposed, experiment != nil || variation != nil else { return }
        self.experiment = experiment
        self.variation = variation
    }

    /// `event` as the run sends it: with the run's experiment and variation once exposed, with
    /// neither before.
    package func attributing(_ event: OnboardingEvent) -> OnboardingEvent {
        var attributed = event
        attributed.experiment = experiment
        attributed.variation = variation
        return attributed
    }
}

/// Turns a ``HintCoordinator``'s analytics events into ``OnboardingEvent``s, as a value: it keeps
/// each walkthrough run's exposure to its experiment, so that events carry the experiment from the
/// run's `Walkthrough Started` on, or, for an experiment that changes steps, from the first event
/// of a changed step on (docs/ARCHITECTURE.md, "Exposure").
///
/// ``WalkthroughAnalytics`` drives it for apps, and `waypoint play --walkthrough` for the terminal.
package struct WalkthroughEventRecorder: Sendable, Hashable {
    /// Each walkthrough's current run, by walkthrough id.
    private var exposures: [String: RunExposure] = [:]

    /// A recorder that has seen no run yet.
    package init() {}

    /// The event for `hint`.
    ///
    /// - Parameters:
    ///   - attribution: the user, the app's version and the document's revision, and the experiment
    ///     and variation of the walkthrough (for a user in its experiment), exposed at
    ///     `Walkthrough Started`.
    ///   - stepExperiment: the experiment that changes some of the walkthrough's steps, for a user in
    ///     it (``Walkthrough/stepExperiment``): the run is exposed at the first event of a changed
    ///     step (shown, passed over, or its target not found).
    ///   - messageID: the event's unique id.
    package mutating func event(
        for hint: HintAnalyticsEvent, attribution: EventAttribution, stepExperiment: StepExperiment? = nil, messageID: String
    ) -> OnboardingEvent {
        if hint.event == .walkthroughStarted {
            var exposure = RunExposure()
            exposure.reach(experiment: attribution.experiment, variation: attribution.variation)
            exposures[hint.walkthroughId] = exposure
        }
        var exposure = exposures[hint.walkthroughId] ?? RunExposure()
        if let stepExperiment, let step = hint.stepId, stepExperiment.changedSteps.contains(step) {
            exposure.reach(stepExperiment.assignment)
            exposures[hint.walkthroughId] = exposure
        }
        return exposure.attributing(OnboardingEvent(hint, attribution: attribution, messageID: messageID))
    }
}

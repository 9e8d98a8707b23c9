/// Turns a ``HintCoordinator``'s analytics events into ``OnboardingEvent``s, as a value: it keeps
/// each walkthrough run's exposure to its experiments, so that events carry the first experiment
/// from the run's exposure to it on — its `Walkthrough Started`, or, for an experiment that changes
/// steps, the first event of a changed step — and each exposure sends one `Experiment Viewed`
/// (docs/ARCHITECTURE.md, "Exposure").
///
/// A run resumed from saved progress (its `Walkthrough Started` after a relaunch) goes on with the
/// exposures that progress records (``WalkthroughProgress/exposures``): none is sent again and the
/// stamp stays.
///
/// ``WalkthroughAnalytics`` drives it for apps, and `waypoint play --walkthrough` for the terminal.
package struct WalkthroughEventRecorder: Sendable, Hashable {
    /// Each walkthrough's current run, by walkthrough id.
    private var exposures: [String: RunExposure] = [:]

    /// A recorder that has seen no run yet.
    package init() {}

    /// The events for `hint`: the `Experiment Viewed` of each experiment the run is first exposed to
    /// by it, then the event itself.
    ///
    /// - Parameters:
    ///   - attribution: the user, the app's version and the document's revision, and the experiment
    ///     and variation of the walkthrough (for a user in its experiment), exposed at
    ///     `Walkthrough Started`.
    ///   - stepExperiments: the experiments that change some of the walkthrough's steps, for a user in
    ///     them (``Walkthrough/stepExperiments``): the run is exposed to each at the first event of one
    ///     of its changed steps (shown, passed over, or its target not found).
    ///   - exposed: the experiments the run was exposed to before this event, as the walkthrough's
    ///     saved progress records them (``WalkthroughProgress/exposures``). A `Walkthrough Started`
    ///     with some, or the first event of a walkthrough this recorder has not seen start, goes on
    ///     with a run resumed from saved progress: it takes the run as exposed to its own experiment
    ///     (`attribution`'s) at its first start and to these, sending no `Experiment Viewed` for them.
    ///     `nil` or none at `Walkthrough Started`: a new run.
    ///   - messageID: makes each event's unique id.
    package mutating func events(
        for hint: HintAnalyticsEvent, attribution: EventAttribution, stepExperiments: [StepExperiment] = [],
        exposed: [ExperimentAssignment]? = nil, messageID: () -> String
    ) -> [OnboardingEvent] {
        var viewed: [ExperimentAssignment] = []
        let starts = hint.event == .walkthroughStarted
        if starts || exposures[hint.walkthroughId] == nil {
            var exposure = RunExposure()
            if let exposed, !(starts && exposed.isEmpty) {
                exposure.reach(experiment: attribution.experiment, variation: attribution.variation)
                for assignment in exposed { exposure.reach(assignment) }
            } else if starts, let assignment = exposure.reach(experiment: attribution.experiment, variation: attribution.variation) {
                viewed.append(assignment)
            }
            exposures[hint.walkthroughId] = exposure
        }
        var exposure = exposures[hint.walkthroughId] ?? RunExposure()
        for assignment in stepExperiments.reached(atStep: hint.stepId) {
            if let first = exposure.reach(assignment) { viewed.append(first) }
        }
        exposures[hint.walkthroughId] = exposure
        let event = OnboardingEvent(hint, attribution: attribution, messageID: "")
        var events = viewed.map { assignment in
            var view = event
            view.messageID = messageID()
            view.event = .experimentViewed
            view.trigger = nil
            view.durationMs = nil
            view.experiment = assignment.experiment
            view.variation = assignment.variation
            return view
        }
        var attributed = exposure.attributing(event)
        attributed.messageID = messageID()
        events.append(attributed)
        return events
    }
}

import Foundation

/// Turns what happens in a flow into ``OnboardingEvent``s, as a value: it remembers the current
/// step and when it was entered, so completions carry their duration.
///
/// ``FlowAnalytics``, ``StateMachineAnalytics`` and ``SubflowAnalytics`` drive it for apps; tests
/// drive it directly.
/// Each method returns the events to send and never sends them itself.
package struct FlowEventRecorder: Sendable, Hashable {
    /// The step being shown, and since when.
    package struct Entry: Sendable, Hashable {
        /// The step id (a subflow step as `subflowStep/innerStep`).
        package let stepID: String
        /// Its position in the visited path.
        package let stepIndex: Int
        /// When it was entered, in milliseconds since 1970.
        package let enteredAt: Int64
    }

    /// The flow (or state machine) id.
    package let flowID: String
    /// The flow's version.
    package let flowVersion: Int
    /// The user, the app's version, the document's revision, and the experiment variation the run's
    /// own flow was chosen by (exposed at `Flow Started`).
    package var attribution: EventAttribution
    /// Whether the run is exposed to an experiment yet, and to which.
    package private(set) var exposure = RunExposure()
    /// Experiments the run was just exposed to, whose `Experiment Viewed` goes out before the next event.
    private var pendingViews: [ExperimentAssignment] = []
    /// Whether this recorder has seen an event of the run (a run restored after a relaunch begins
    /// without `Flow Started`).
    private var began = false
    /// The step being shown, or `nil` before the first step and after the end.
    package private(set) var current: Entry?
    /// When the flow started in this run, in milliseconds since 1970 (unknown after a restore).
    package private(set) var startedAt: Int64?
    /// Whether the flow completed or was abandoned.
    package private(set) var isFinished = false

    /// Creates a recorder for one user's run of a flow.
    package init(flowID: String, flowVersion: Int, attribution: EventAttribution) {
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.attribution = attribution
    }

    /// The events for one ``FlowEffect`` of a run of `definition`, exposing the run to the
    /// experiments it reaches (``FlowDefinition/experimentsReached(at:context:)``): entering a subflow
    /// whose flow carries an experiment (``FlowDefinition/experiment``), or entering or skipping a
    /// step that an experiment changes (``FlowDefinition/stepExperiments``). Each first exposure to
    /// an experiment adds its `Experiment Viewed`, just before the event of the step that exposed it.
    ///
    /// - Parameters:
    ///   - context: the context the run's steps are declared for.
    ///   - path: the run's visited path after the effect.
    ///   - exposed: the experiments the run was exposed to, as its saved progress records them
    ///     (``FlowState/exposures``). The first event of a run restored after a relaunch takes the
    ///     run as exposed to them without sending `Experiment Viewed` again; when `nil` (progress
    ///     saved before it recorded them), to the experiments of the subflows and changed steps its
    ///     path already entered.
    ///   - date: now, from the runtime's clock.
    ///   - messageID: makes each event's unique `messageId`.
    package mutating func events<Context>(
        for effect: FlowEffect, in definition: FlowDefinition<Context>, context: Context, path: [Visit],
        exposed: [ExperimentAssignment]? = nil, at date: Date, messageID: () -> String
    ) -> [OnboardingEvent] {
        let reached: StepPath?
        switch effect {
        case .flowStarted, .flowCompleted, .persist: reached = nil
        case .entered(let visit): reached = visit.path
        case .skipped(let step): reached = step
        case .left(let visit, _): reached = visit.path
        case .wentBack(let from, _): reached = from.path
        }
        if !began && effect != .flowStarted && effect != .persist {
            // Saved exposures say whether the run was exposed to its flow's own experiment: a revision
            // published since it started may give the flow one it never started with. An experiment
            // only the app's attribution names is never saved, so a resumed run keeps it.
            let savedOwn = exposed != nil && attribution.experiment != nil && attribution.experiment == definition.experiment?.experiment
            beginIfResumed(exposingAttribution: !savedOwn)
            let earlier = exposed ?? path.flatMap { definition.experimentsReached(at: $0.path, context: context) }
            for assignment in earlier { exposure.reach(assignment) }
        }
        if let reached {
            for assignment in definition.experimentsReached(at: reached, context: context) { reach(assignment) }
        }
        return events(for: effect, pathCount: path.count, at: date, messageID: messageID)
    }

    /// Records that the run reached the point `assignment`'s experiment decides (for a composed
    /// flow: a named subflow given an experiment starts). A first exposure to the experiment adds
    /// its `Experiment Viewed` before the next event.
    package mutating func reach(_ assignment: ExperimentAssignment?) {
        beginIfResumed()
        if let viewed = exposure.reach(assignment) { pendingViews.append(viewed) }
    }

    /// The events for one ``FlowEffect`` of a ``FlowNavigator``, for a run whose only experiment is
    /// its own flow's.
    ///
    /// - Parameters:
    ///   - pathCount: the number of visits in the flow's path after the effect (the entered
    ///     step's index is `pathCount − 1`).
    ///   - date: now, from the runtime's clock.
    ///   - messageID: makes each event's unique `messageId`.
    package mutating func events(
        for effect: FlowEffect, pathCount: Int, at date: Date, messageID: () -> String
    ) -> [OnboardingEvent] {
        switch effect {
        case .flowStarted:
            return started(at: date, messageID: messageID)
        case .entered(let visit):
            return viewed(stepID: visit.stepID, stepIndex: max(0, pathCount - 1), at: date, messageID: messageID)
        case .skipped(let path):
            return event(.stepSkipped, at: date, messageID: messageID, stepID: path.rawValue)
        case .left(let visit, let departure):
            return left(stepID: visit.stepID, outcome: departure.rawValue, at: date, messageID: messageID)
        case .wentBack(let from, _):
            return left(stepID: from.stepID, outcome: Outcome.back, at: date, messageID: messageID)
        case .flowCompleted:
            return completed(at: date, messageID: messageID)
        case .persist:
            return []
        }
    }

    /// `Flow Started`; remembers the time for the flow's duration.
    package mutating func started(at date: Date, messageID: () -> String) -> [OnboardingEvent] {
        startedAt = Self.milliseconds(date)
        isFinished = false
        current = nil
        began = true
        exposure = RunExposure()
        pendingViews = []
        if let viewed = exposure.reach(experiment: attribution.experiment, variation: attribution.variation) {
            pendingViews.append(viewed)
        }
        return event(.flowStarted, at: date, messageID: messageID)
    }

    /// `Step Viewed`; remembers the step and its entry time.
    package mutating func viewed(stepID: String, stepIndex: Int, at date: Date, messageID: () -> String) -> [OnboardingEvent] {
        current = Entry(stepID: stepID, stepIndex: stepIndex, enteredAt: Self.milliseconds(date))
        return event(.stepViewed, at: date, messageID: messageID, stepID: stepID, stepIndex: stepIndex)
    }

    /// `Step Completed` for the step left, with `outcome` and the time since it was entered.
    package mutating func left(stepID: String, outcome: String?, at date: Date, messageID: () -> String) -> [OnboardingEvent] {
        var stepIndex: Int?
        var duration: Int64?
        if let current, current.stepID == stepID {
            stepIndex = current.stepIndex
            duration = max(0, Self.milliseconds(date) - current.enteredAt)
        }
        current = nil
        return event(.stepCompleted, at: date, messageID: messageID, stepID: stepID, stepIndex: stepIndex,
                     outcome: outcome, durationMs: duration)
    }

    /// `Flow Completed`, with the time since the flow started when it started in this run.
    package mutating func completed(at date: Date, messageID: () -> String) -> [OnboardingEvent] {
        current = nil
        isFinished = true
        return event(.flowCompleted, at: date, messageID: messageID, durationMs: flowDuration(at: date))
    }

    /// `Flow Abandoned` at the current step; nothing when the flow already ended.
    package mutating func abandoned(at date: Date, messageID: () -> String) -> [OnboardingEvent] {
        guard !isFinished else { return [] }
        let step = current
        current = nil
        isFinished = true
        return event(.flowAbandoned, at: date, messageID: messageID, stepID: step?.stepID, stepIndex: step?.stepIndex,
                     durationMs: flowDuration(at: date))
    }

    /// A run restored after a relaunch begins with another event than `Flow Started`: it was
    /// exposed to the attribution's experiment when it started, in an earlier launch, unless
    /// `exposingAttribution` is false (its saved exposures say which it was exposed to).
    private mutating func beginIfResumed(exposingAttribution: Bool = true) {
        guard !began else { return }
        began = true
        if exposingAttribution { exposure.reach(experiment: attribution.experiment, variation: attribution.variation) }
    }

    private func flowDuration(at date: Date) -> Int64? {
        startedAt.map { max(0, Self.milliseconds(date) - $0) }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        MillisecondTimestamp.milliseconds(date) ?? 0
    }

    /// The event `name` of the run, attributed with the run's first exposure, after the
    /// `Experiment Viewed` of each experiment the run was just exposed to (at the same time and step).
    private mutating func event(
        _ name: EventName, at date: Date, messageID: () -> String, stepID: String? = nil, stepIndex: Int? = nil,
        outcome: String? = nil, durationMs: Int64? = nil
    ) -> [OnboardingEvent] {
        beginIfResumed()
        var events: [OnboardingEvent] = []
        events.reserveCapacity(pendingViews.count + 1)
        for viewed in pendingViews {
            events.append(OnboardingEvent(
                messageID: messageID(), userID: attribution.userID, event: .experimentViewed, timestamp: date,
                flowID: flowID, flowVersion: flowVersion, stepID: stepID, stepIndex: stepIndex,
                experiment: viewed.experiment, variation: viewed.variation,
                appVersion: attribution.appVersion, revision: attribution.revision, locale: attribution.locale,
                platform: attribution.platform))
        }
        pendingViews = []
        events.append(exposure.attributing(OnboardingEvent(
            messageID: messageID(), userID: attribution.userID, event: name, timestamp: date,
            flowID: flowID, flowVersion: flowVersion, stepID: stepID, stepIndex: stepIndex,
            outcome: outcome, durationMs: durationMs, appVersion: attribution.appVersion, revision: attribution.revision,
            locale: attribution.locale, platform: attribution.platform)))
        return events
    }
}

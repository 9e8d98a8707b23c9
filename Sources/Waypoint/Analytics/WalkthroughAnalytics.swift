import Foundation

/// Reports a ``HintCoordinator``'s walkthroughs as ``OnboardingEvent``s: `Walkthrough Started`,
/// `Hint Shown`, `Hint Completed`, `Hint Skipped`, `Walkthrough Completed` and `Target Not Found`,
/// with the walkthrough's id and version, the step, the trigger and the duration.
///
/// Create it before starting the coordinator and keep it while walkthroughs run. It watches the
/// coordinator's effects as an observer (`HintCoordinator.observeEffects(_:)`), so the
/// coordinator's `onAnalytics` stays the app's own and setting it never cuts analytics off.
///
/// A walkthrough resolved from a document carries the user's experiment and variation
/// (``Walkthrough/experiment``); the events of a run get them from its `Walkthrough Started` on (the
/// run's exposure), unless ``attribution`` names an experiment or a variation itself. A user outside
/// the experiment's coverage or condition is never exposed. A run resumed after a relaunch keeps the
/// exposures its saved progress records (`WalkthroughProgress.exposures`): it sends no
/// `Experiment Viewed` for them again and its events keep the same stamp. A walkthrough resolved
/// from ``RemoteDocument/current`` carries the document's server revision (`Walkthrough.revision`),
/// which its events get as `revision`.
///
/// ```swift
/// let coordinator = HintCoordinator(catalog: catalog, context: user, store: store)
/// let analytics = WalkthroughAnalytics(coordinator, attribution: EventAttribution(userID: user.id), sink: queue)
/// await coordinator.start()
/// ```
///
/// A sink that fails is never silent: ``deliveryError`` and ``deliveryFailures()`` report it, and
/// the events of the failed batch are kept, in order, for ``retryFailedDelivery()`` or
/// ``takeUndelivered()``.
@MainActor
public final class WalkthroughAnalytics: EventDelivering {
    /// Called with every event, in order, before it is handed to the sink (for logging and tests).
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?
    /// The user, and their experiment variation; attached to every event from now on. When it
    /// names neither an experiment nor a variation, each walkthrough's own
    /// ``Walkthrough/experiment`` is attached to its events.
    public var attribution: EventAttribution

    private let messageID: @Sendable () -> String
    /// Hands this adapter's events to its sink, and keeps what the sink failed to take.
    public let delivery: EventDelivery
    /// The experiment and revision of a walkthrough of the coordinator's catalog, by id.
    private let walkthroughOf: @MainActor (String) -> (experiment: ExperimentAssignment?, stepExperiments: [StepExperiment], revision: Int?, locale: String?)?
    /// The exposures the saved progress of a walkthrough (by id and version) records so far.
    private let exposuresOf: @MainActor (String, Int) -> [ExperimentAssignment]?
    /// Each walkthrough run's exposure to its experiment.
    private var recorder = WalkthroughEventRecorder()
    /// Keeps the observer registered for as long as the adapter lives.
    private var observation: EffectObservation?

    /// Attaches to `coordinator`, attributing events to `userID` and to the experiment and variation
    /// each walkthrough carries, if any.
    ///
    /// - Parameters:
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public convenience init<Context>(
        _ coordinator: HintCoordinator<Context>, userID: String, sink: (any EventSink)? = nil,
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.init(coordinator, attribution: EventAttribution(userID: userID), sink: sink, messageID: messageID)
    }

    /// Attaches to `coordinator`.
    ///
    /// - Parameters:
    ///   - attribution: the user, and their experiment variation when the walkthroughs are part of one.
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public init<Context>(
        _ coordinator: HintCoordinator<Context>, attribution: EventAttribution, sink: (any EventSink)? = nil,
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.attribution = attribution
        self.messageID = messageID
        self.delivery = EventDelivery(sink: sink)
        self.walkthroughOf = { [weak coordinator] id in
            coordinator?.catalog.walkthrough(id).map { ($0.experiment, $0.stepExperiments, $0.revision, $0.locale) }
        }
        self.exposuresOf = { [weak coordinator] id, version in
            coordinator?.state.savedProgress[id].flatMap { $0.version == version ? $0.exposures : nil }
        }
        observation = coordinator.observeEffects { [weak self] effect in
            if case .analytics(let event) = effect { self?.handle(event) }
        }
    }

    private func handle(_ hint: HintAnalyticsEvent) {
        let walkthrough = walkthroughOf(hint.walkthroughId)
        let attribution = attribution.filling(walkthrough?.experiment, revision: walkthrough?.revision, locale: walkthrough?.locale)
        let events = recorder.events(
            for: hint, attribution: attribution, stepExperiments: walkthrough?.stepExperiments ?? [],
            exposed: exposuresOf(hint.walkthroughId, hint.walkthroughVersion), messageID: messageID)
        for event in events { onEvent?(event) }
        delivery.send(events)
    }
}

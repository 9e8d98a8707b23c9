import Foundation

/// Reports a ``FlowNavigator``'s progress as ``OnboardingEvent``s: `Flow Started`, `Step Viewed`,
/// `Step Completed` (with outcome and duration), `Step Skipped`, `Flow Completed`, and
/// `Flow Abandoned` when the app calls ``abandon()``.
///
/// Create it before starting the navigator and keep it while the flow runs. It watches the
/// navigator's effects as an observer (``FlowNavigator/observeEffects(_:)``), so the navigator's
/// `onEffect` stays the app's own and setting it never cuts analytics off. Timestamps and durations
/// come from the injected clock; `stepIndex` is the step's position in the visited path; a subflow
/// step is reported as `subflowStep/innerStep`.
///
/// A flow resolved from a document carries the user's experiment and variation
/// (``FlowDefinition/experiment``), and so does each flow it runs as a subflow; the experiments that
/// change its steps are ``FlowDefinition/stepExperiments``. Events carry the first experiment from
/// the run's exposure on: from `Flow Started` for the flow's own experiment, from entering the
/// subflow step for a subflow's, from the first changed step for one that changes steps, and every
/// later event of the run (its `Flow Completed` or `Flow Abandoned` included); before it, none.
/// Each exposure, to each experiment, sends one `Experiment Viewed`, once per run. A user outside an experiment's coverage or condition
/// is never exposed. An attribution given here that names an experiment or a variation wins over
/// the flow's own, from `Flow Started`.
///
/// A flow resolved from ``RemoteDocument/current`` carries the document's server revision
/// (``FlowDefinition/revision``): every event gets it as `revision`, unless the attribution names
/// one itself. The navigator runs one definition, so a running flow keeps the revision it started with.
///
/// ```swift
/// let signup = try document.resolve(attributes: user.attributes).flows["signup"]!
/// let navigator = FlowNavigator(signup, context: user.attributes, store: store)
/// let analytics = FlowAnalytics(navigator, userID: user.id, sink: queue)
/// try await navigator.start()
/// ```
///
/// A sink that fails is never silent: ``deliveryError`` (observable) and ``deliveryFailures()``
/// report it, and the events of the failed batch are kept, in order, for
/// ``retryFailedDelivery()`` or ``takeUndelivered()``.
@MainActor
public final class FlowAnalytics: EventDelivering {
    /// The recorder holding the current step and the flow's start time.
    package private(set) var recorder: FlowEventRecorder
    /// Called with every event, in order, before it is handed to the sink (for logging and tests).
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?
    /// The user, the app's version and the document's revision attached to every event, and the
    /// experiment and variation of the flow itself, attached from `Flow Started` on.
    public var attribution: EventAttribution { recorder.attribution }

    private let clock: any WaypointClock
    private let messageID: @Sendable () -> String
    /// Hands this adapter's events to its sink, and keeps what the sink failed to take.
    public let delivery: EventDelivery
    /// Records one effect of the navigator's run: its definition, context and path decide where the
    /// run is exposed to an experiment.
    private let record: @MainActor (inout FlowEventRecorder, FlowEffect, Date, () -> String) -> [OnboardingEvent]
    /// Keeps the observer registered for as long as the adapter lives.
    private var observation: EffectObservation?

    /// Attaches to `navigator`, attributing events to `userID` and to the experiment and variation
    /// the flow carries, if any.
    ///
    /// - Parameters:
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - clock: the source of timestamps and durations.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public convenience init<Context>(
        _ navigator: FlowNavigator<Context>, userID: String, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.init(navigator, attribution: EventAttribution(userID: userID), sink: sink, clock: clock, messageID: messageID)
    }

    /// Attaches to `navigator`.
    ///
    /// - Parameters:
    ///   - attribution: the user, and their experiment variation; when it names neither, the
    ///     flow's own ``FlowDefinition/experiment`` is used. When it names no revision, the flow's
    ///     own ``FlowDefinition/revision`` is used.
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - clock: the source of timestamps and durations.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public init<Context>(
        _ navigator: FlowNavigator<Context>, attribution: EventAttribution, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        recorder = FlowEventRecorder(
            flowID: navigator.definition.id, flowVersion: navigator.definition.version,
            attribution: attribution.filling(
                navigator.definition.experiment, revision: navigator.definition.revision, locale: navigator.definition.locale))
        self.clock = clock
        self.messageID = messageID
        self.delivery = EventDelivery(sink: sink)
        self.record = { [weak navigator] recorder, effect, date, messageID in
            guard let navigator else { return recorder.events(for: effect, pathCount: 0, at: date, messageID: messageID) }
            return recorder.events(
                for: effect, in: navigator.definition, context: navigator.context, path: navigator.state.path,
                exposed: navigator.state.exposures, at: date, messageID: messageID)
        }
        observation = navigator.observeEffects { [weak self] effect in
            self?.handle(effect)
        }
    }

    /// Reports that the user gave up on the flow (`Flow Abandoned` at the current step); does
    /// nothing once the flow has completed or was already abandoned.
    public func abandon() {
        var recorder = self.recorder
        let events = recorder.abandoned(at: clock.now, messageID: messageID)
        self.recorder = recorder
        emit(events)
    }

    private func handle(_ effect: FlowEffect) {
        var recorder = self.recorder
        let events = record(&recorder, effect, clock.now, messageID)
        self.recorder = recorder
        emit(events)
    }

    private func emit(_ events: [OnboardingEvent]) {
        guard !events.isEmpty else { return }
        for event in events { onEvent?(event) }
        delivery.send(events)
    }
}

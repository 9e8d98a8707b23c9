import Foundation

/// Reports a ``StateMachineRuntime``'s progress as ``OnboardingEvent``s, each state being a step
/// whose id the app supplies.
///
/// Call ``start()`` once the machine is ready (after `restore()`), then every change is reported:
/// a move forward completes the state left and views the state entered; `back()` completes the
/// state left with outcome `back`; a final state reports `Flow Completed`; a reset reports
/// `$reset` and starts the flow again.
///
/// It watches the runtime as an observer (``StateMachineRuntime/observeChanges(_:)``), so the
/// runtime's `onChange` stays the app's own and setting it never cuts analytics off. A sink that
/// fails is never silent: ``deliveryError`` and ``deliveryFailures()`` report it, and the events of
/// the failed batch are kept, in order, for ``retryFailedDelivery()`` or ``takeUndelivered()``.
///
/// ```swift
/// let analytics = StateMachineAnalytics(runtime, attribution: EventAttribution(userID: id), sink: queue) { state in
///     switch state { case .splash: "splash"; case .login: "login"; case .personalization: "personalization"; … }
/// }
/// analytics.start()
/// ```
@MainActor
public final class StateMachineAnalytics<State: Sendable & Equatable, Event: Sendable>: EventDelivering {
    /// The recorder holding the current step and the flow's start time.
    package private(set) var recorder: FlowEventRecorder
    /// Called with every event, in order, before it is handed to the sink.
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?

    private weak var runtime: StateMachineRuntime<State, Event>?
    private let stepID: (State) -> String
    private let clock: any WaypointClock
    private let messageID: @Sendable () -> String
    /// Hands this adapter's events to its sink, and keeps what the sink failed to take.
    public let delivery: EventDelivery
    /// Keeps the observer registered for as long as the adapter lives.
    private var observation: EffectObservation?

    /// Attaches to `runtime` as an observer of its changes.
    ///
    /// - Parameters:
    ///   - attribution: the user, and their experiment variation when the flow is part of one.
    ///   - sink: where events go; `nil` for ``onEvent`` only.
    ///   - stepID: the step id reported for a state.
    public init(
        _ runtime: StateMachineRuntime<State, Event>, attribution: EventAttribution, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        stepID: @escaping (State) -> String
    ) {
        recorder = FlowEventRecorder(flowID: runtime.machine.id, flowVersion: runtime.machine.version, attribution: attribution)
        self.runtime = runtime
        self.stepID = stepID
        self.clock = clock
        self.messageID = messageID
        self.delivery = EventDelivery(sink: sink)
        observation = runtime.observeChanges { [weak self] change in
            self?.handle(change)
        }
    }

    /// Reports `Flow Started` (when the machine is at its start) and `Step Viewed` of the current state.
    public func start() {
        guard let runtime else { return }
        var events: [OnboardingEvent] = []
        let now = clock.now
        if runtime.history.isEmpty { events += recorder.started(at: now, messageID: messageID) }
        if !runtime.isCompleted {
            events += recorder.viewed(stepID: stepID(runtime.current), stepIndex: runtime.history.count, at: now, messageID: messageID)
        }
        emit(events)
    }

    /// Reports that the user gave up (`Flow Abandoned` at the current state).
    public func abandon() {
        emit(recorder.abandoned(at: clock.now, messageID: messageID))
    }

    private func handle(_ change: StateChange<State>) {
        let now = clock.now
        let index = runtime?.history.count ?? 0
        var events: [OnboardingEvent] = []
        switch change.kind {
        case .forward:
            events += recorder.left(stepID: stepID(change.from), outcome: nil, at: now, messageID: messageID)
            events += recorder.viewed(stepID: stepID(change.to), stepIndex: index, at: now, messageID: messageID)
        case .completed:
            events += recorder.left(stepID: stepID(change.from), outcome: nil, at: now, messageID: messageID)
            events += recorder.completed(at: now, messageID: messageID)
        case .back:
            events += recorder.left(stepID: stepID(change.from), outcome: Outcome.back, at: now, messageID: messageID)
            events += recorder.viewed(stepID: stepID(change.to), stepIndex: index, at: now, messageID: messageID)
        case .reset:
            events += recorder.left(stepID: stepID(change.from), outcome: "$reset", at: now, messageID: messageID)
            events += recorder.started(at: now, messageID: messageID)
            events += recorder.viewed(stepID: stepID(change.to), stepIndex: index, at: now, messageID: messageID)
        case .restored:
            if runtime?.isCompleted != true {
                events += recorder.viewed(stepID: stepID(change.to), stepIndex: index, at: now, messageID: messageID)
            }
        }
        emit(events)
    }

    private func emit(_ events: [OnboardingEvent]) {
        guard !events.isEmpty else { return }
        for event in events { onEvent?(event) }
        delivery.send(events)
    }
}

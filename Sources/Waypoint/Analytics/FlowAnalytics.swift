import Foundation

/// Reports a ``FlowNavigator``'s progress as ``OnboardingEvent``s: `Flow Started`, `Step Viewed`,
/// `Step Completed` (with outcome and duration), `Step Skipped`, `Flow Completed`, and
/// `Flow Abandoned` when the app calls ``abandon()``.
///
/// Create it before starting the navigator; it listens to the navigator's effects (any
/// `onEffect` handler already set keeps being called). Timestamps and durations come from the
/// injected clock; `stepIndex` is the step's position in the visited path; a subflow step is
/// reported as `subflowStep/innerStep`.
///
/// ```swift
/// let navigator = FlowNavigator(signup, context: user, store: store)
/// let analytics = FlowAnalytics(navigator, attribution: EventAttribution(userID: user.id), sink: queue)
/// await navigator.start()
/// ```
@MainActor
public final class FlowAnalytics {
    /// The recorder holding the current step and the flow's start time.
    package private(set) var recorder: FlowEventRecorder
    /// Called with every event, in order, before it is handed to the sink (for logging and tests).
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?

    private let clock: any WaypointClock
    private let messageID: @Sendable () -> String
    private let delivery: EventDelivery
    private let currentPathCount: @MainActor () -> Int

    /// Attaches to `navigator`.
    ///
    /// - Parameters:
    ///   - attribution: the user, and their experiment variation when the flow is part of one.
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - clock: the source of timestamps and durations.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public init<Context>(
        _ navigator: FlowNavigator<Context>, attribution: EventAttribution, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        recorder = FlowEventRecorder(
            flowID: navigator.definition.id, flowVersion: navigator.definition.version, attribution: attribution)
        self.clock = clock
        self.messageID = messageID
        self.delivery = EventDelivery(sink: sink)
        self.currentPathCount = { [weak navigator] in navigator?.state.path.count ?? 0 }
        let previous = navigator.onEffect
        navigator.onEffect = { [weak self] effect in
            previous?(effect)
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

    /// The last error the sink threw, if any.
    public var deliveryError: (any Error)? { delivery.lastError }

    /// Waits until every event so far has been handed to the sink.
    public func waitForDelivery() async {
        await delivery.wait()
    }

    private func handle(_ effect: FlowEffect) {
        var recorder = self.recorder
        let events = recorder.events(for: effect, pathCount: currentPathCount(), at: clock.now, messageID: messageID)
        self.recorder = recorder
        emit(events)
    }

    private func emit(_ events: [OnboardingEvent]) {
        guard !events.isEmpty else { return }
        for event in events { onEvent?(event) }
        delivery.send(events)
    }
}

import Foundation

/// Reports a composed flow (``Subflow``s joined with `|>`) as the same ``OnboardingEvent``s a
/// declared flow reports: pass it as the observer of the run.
///
/// The outermost named subflow is the flow: its name is the `flowId`, and it reports
/// `Flow Started`, `Flow Completed`, and `Flow Abandoned` (at the step being shown) when it fails
/// or is cancelled. Every named step inside it is a step: `Step Viewed` when it starts and
/// `Step Completed` with its outcome name and duration when it returns. A step inside a named
/// group is reported as `group/step`, the way a declared flow reports a subflow's steps;
/// `stepIndex` counts the steps viewed before it in this run.
///
/// ```swift
/// let analytics = SubflowAnalytics(userID: user.id, sink: queue)
/// try await onboarding.named("onboarding").run(observer: analytics)
/// ```
///
/// A named subflow given an experiment (``Subflow/named(_:experiment:)``) exposes the run when it
/// starts: its `Step Viewed` and every later event of the run (the flow's `Flow Completed` or
/// `Flow Abandoned` included) carry the experiment and variation, the events before it none. An
/// experiment on the outermost subflow, or one the ``attribution`` names, is exposed at
/// `Flow Started`. Each exposure sends one `Experiment Viewed`; with several experiments, every event
/// carries the first.
///
/// A composed flow is code, so it has no document revision of its own; when its experiments come
/// from a resolved document, pass the document's revision in the attribution
/// (`EventAttribution(userID: id, revision: resolution.revision)`) and every event carries it.
///
/// Name the whole flow: steps reported by a run whose outermost subflow has no name are each
/// taken for a flow of their own. A sink that fails is never silent: ``deliveryError`` and
/// ``deliveryFailures()`` report it, and the events of the failed batch are kept, in order, for
/// ``retryFailedDelivery()`` or ``takeUndelivered()``.
@MainActor
public final class SubflowAnalytics: SubflowObserver, EventDelivering {
    /// Called with every event, in order, before it is handed to the sink (for logging and tests).
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?
    /// The user, the app's version and the document's revision, attached to every run started from
    /// now on, and the experiment variation of the whole composition, attached from `Flow Started` on.
    public var attribution: EventAttribution
    /// The version reported as `flowVersion`; raise it when the composition changes.
    package let flowVersion: Int

    /// The recorder of the run in progress, from its `Flow Started`.
    package private(set) var recorder: FlowEventRecorder?
    private var viewedCount = 0
    private let clock: any WaypointClock
    private let messageID: @Sendable () -> String
    /// Hands this adapter's events to its sink, and keeps what the sink failed to take.
    public let delivery: EventDelivery

    /// Creates an observer attributing events to `userID`.
    ///
    /// - Parameters:
    ///   - flowVersion: the version reported as `flowVersion`.
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - clock: the source of timestamps and durations.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public convenience init(
        userID: String, flowVersion: Int = 1, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.init(attribution: EventAttribution(userID: userID), flowVersion: flowVersion, sink: sink,
                  clock: clock, messageID: messageID)
    }

    /// Creates an observer.
    ///
    /// - Parameters:
    ///   - attribution: the user, and their experiment variation when the composition was picked by one.
    ///   - flowVersion: the version reported as `flowVersion`.
    ///   - sink: where events go (typically a ``DurableEventQueue``); `nil` for ``onEvent`` only.
    ///   - clock: the source of timestamps and durations.
    ///   - messageID: makes each event's unique id; random UUIDs by default.
    public init(
        attribution: EventAttribution, flowVersion: Int = 1, sink: (any EventSink)? = nil,
        clock: any WaypointClock = SystemClock(),
        messageID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.attribution = attribution
        self.flowVersion = flowVersion
        self.clock = clock
        self.messageID = messageID
        self.delivery = EventDelivery(sink: sink)
    }

    /// Turns `event` into analytics events, in order.
    public nonisolated func receive(_ event: SubflowEvent) async {
        await record(event)
    }

    /// Reports that the user gave up (`Flow Abandoned` at the current step), for a run the app
    /// stops without cancelling it; does nothing once the run has ended.
    public func abandon() {
        emit(recorder?.abandoned(at: clock.now, messageID: messageID) ?? [])
    }

    private func record(_ event: SubflowEvent) {
        guard let flowID = event.path.first else { return }
        let now = clock.now
        var events: [OnboardingEvent] = []
        if event.path.count == 1 {
            switch event.kind {
            case .started:
                var recorder = FlowEventRecorder(
                    flowID: flowID, flowVersion: flowVersion, attribution: attribution.filling(event.experiment))
                events = recorder.started(at: now, messageID: messageID)
                self.recorder = recorder
                viewedCount = 0
            case .completed:
                events = recorder?.completed(at: now, messageID: messageID) ?? []
            case .failed, .cancelled:
                events = recorder?.abandoned(at: now, messageID: messageID) ?? []
            }
        } else {
            let stepID = event.path.dropFirst().joined(separator: "/")
            switch event.kind {
            case .started:
                recorder?.reach(event.experiment)
                events = recorder?.viewed(stepID: stepID, stepIndex: viewedCount, at: now, messageID: messageID) ?? []
                viewedCount += 1
            case .completed(let outcome):
                events = recorder?.left(stepID: stepID, outcome: outcome, at: now, messageID: messageID) ?? []
            case .failed, .cancelled:
                // The flow reports it: it is abandoned at this step, or goes on to another one.
                break
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

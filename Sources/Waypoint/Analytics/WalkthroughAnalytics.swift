import Foundation

/// Reports a ``HintCoordinator``'s walkthroughs as ``OnboardingEvent``s: `Walkthrough Started`,
/// `Hint Shown`, `Hint Completed`, `Hint Skipped`, `Walkthrough Completed` and `Target Not Found`,
/// with the walkthrough's id and version, the step, the trigger and the duration.
///
/// Create it before starting the coordinator; any `onAnalytics` handler already set keeps being called.
///
/// ```swift
/// let coordinator = HintCoordinator(catalog: catalog, context: user, store: store)
/// let analytics = WalkthroughAnalytics(coordinator, attribution: EventAttribution(userID: user.id), sink: queue)
/// await coordinator.start()
/// ```
@MainActor
public final class WalkthroughAnalytics {
    /// Called with every event, in order, before it is handed to the sink (for logging and tests).
    public var onEvent: (@MainActor (OnboardingEvent) -> Void)?
    /// The user, and their experiment variation; attached to every event from now on.
    public var attribution: EventAttribution

    private let messageID: @Sendable () -> String
    private let delivery: EventDelivery

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
        let previous = coordinator.onAnalytics
        coordinator.onAnalytics = { [weak self] event in
            previous?(event)
            self?.handle(event)
        }
    }

    /// The last error the sink threw, if any.
    public var deliveryError: (any Error)? { delivery.lastError }

    /// Waits until every event so far has been handed to the sink.
    public func waitForDelivery() async {
        await delivery.wait()
    }

    private func handle(_ hint: HintAnalyticsEvent) {
        let event = OnboardingEvent(hint, attribution: attribution, messageID: messageID())
        onEvent?(event)
        delivery.send([event])
    }
}

/// A batch of events that a sink failed to take, and why.
///
/// The analytics adapters keep the events of a failed batch, in order, and send them again before
/// the next events, or when ``FlowAnalytics/retryFailedDelivery()`` is called; an app that would
/// rather store them itself takes them with ``FlowAnalytics/takeUndelivered()``. Failures arrive
/// in the adapters' `deliveryFailures()` streams.
public struct DeliveryFailure: Sendable, CustomStringConvertible {
    /// What the sink threw.
    public let error: any Error
    /// The events of the failed batch, in order; they are kept for a retry.
    public let events: [OnboardingEvent]

    /// Creates a failure report.
    package init(error: any Error, events: [OnboardingEvent]) {
        self.error = error
        self.events = events
    }

    /// What went wrong and what happens to the events.
    public var description: String {
        "The event sink failed to take \(events.count) event(s) (\(error)). They are kept, in order, and sent "
            + "again before the next events or on retryFailedDelivery(); call takeUndelivered() to store them "
            + "elsewhere, or put a DurableEventQueue in front of the network so that nothing waits in memory."
    }
}

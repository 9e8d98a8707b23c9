/// An analytics adapter that hands its events to a sink: whether delivery is failing, and the events
/// it kept.
///
/// ``FlowAnalytics``, ``StateMachineAnalytics``, ``WalkthroughAnalytics`` and ``SubflowAnalytics``
/// deliver this way: a failed batch, and every batch after it, is kept in order and never dropped.
@MainActor
public protocol EventDelivering: AnyObject {
    /// Hands the adapter's events to its sink.
    var delivery: EventDelivery { get }
}

extension EventDelivering {
    /// The error of the sink's last failed delivery, or `nil` when every event so far reached it;
    /// observable, so a view can show that events are waiting.
    public var deliveryError: (any Error)? { delivery.lastError }

    /// A stream of every delivery failure from now on: the error and the events of the batch.
    public func deliveryFailures() -> AsyncStream<DeliveryFailure> {
        delivery.failureStream()
    }

    /// Sends the events the sink failed to take again, in order, and waits; ``deliveryError`` is
    /// `nil` afterwards when they all went through. They are also sent again before the next events.
    public func retryFailedDelivery() async {
        delivery.retry()
        await delivery.wait()
    }

    /// Returns the events the sink failed to take, in order, and stops keeping them: they will not
    /// be sent again (store them elsewhere).
    public func takeUndelivered() -> [OnboardingEvent] {
        delivery.takeUndelivered()
    }

    /// Waits until every event so far has been handed to the sink, or kept after a failure.
    public func waitForDelivery() async {
        await delivery.wait()
    }
}

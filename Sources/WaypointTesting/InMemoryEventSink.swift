import Waypoint

/// An ``Waypoint/EventSink`` that keeps every event it receives, for tests.
///
/// ```swift
/// let sink = InMemoryEventSink()
/// let analytics = FlowAnalytics(navigator, attribution: EventAttribution(userID: "u1"), sink: sink)
/// …
/// await analytics.waitForDelivery()
/// #expect(await sink.events.map(\.event) == [.flowStarted, .stepViewed])
/// ```
public actor InMemoryEventSink: EventSink {
    /// Every batch received, in order.
    public private(set) var batches: [[OnboardingEvent]] = []

    /// Creates an empty sink.
    public init() {}

    /// Every event received, in order.
    public var events: [OnboardingEvent] { batches.flatMap { $0 } }

    public func send(_ events: [OnboardingEvent]) async throws {
        batches.append(events)
    }
}

/// Where onboarding events go: a file, a server, a test's memory.
///
/// `send` delivers a batch, in order, and returns only once the batch is safely handed over; a
/// sink that throws has delivered nothing it is sure of, and the batch is sent again later
/// (receivers drop duplicates by `messageId`).
public protocol EventSink: Sendable {
    /// Delivers `events`, in order.
    func send(_ events: [OnboardingEvent]) async throws
}

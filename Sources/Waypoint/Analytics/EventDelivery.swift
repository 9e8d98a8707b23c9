import Foundation

/// Sends events to a sink one batch after another, in order, off the caller's path; used by the
/// analytics adapters on the main actor.
@MainActor
final class EventDelivery {
    private let sink: (any EventSink)?
    private var pending: Task<Void, Never>?
    /// The last error the sink threw; events of a failed batch are not retried here (put a
    /// ``DurableEventQueue`` between the adapter and the network for that).
    private(set) var lastError: (any Error)?

    init(sink: (any EventSink)?) {
        self.sink = sink
    }

    func send(_ events: [OnboardingEvent]) {
        guard let sink, !events.isEmpty else { return }
        let previous = pending
        pending = Task { [weak self] in
            await previous?.value
            do {
                try await sink.send(events)
            } catch {
                self?.lastError = error
            }
        }
    }

    func wait() async {
        await pending?.value
    }
}

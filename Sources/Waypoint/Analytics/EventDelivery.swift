import Foundation
import Observation

/// Sends an analytics adapter's events to its sink one batch after another, in order, off the
/// caller's path, and keeps what the sink failed to take.
///
/// When a batch fails, it and every batch after it are kept, in order, so that the sink never
/// receives events out of order. Kept batches are sent again, first, when the next batch is sent
/// or on ``EventDelivering/retryFailedDelivery()``; ``EventDelivering/takeUndelivered()`` hands
/// them back instead. Nothing is dropped. Apps use it through ``EventDelivering``'s members.
@MainActor
@Observable
public final class EventDelivery {
    /// The last error the sink threw; `nil` again once every kept batch was delivered.
    package private(set) var lastError: (any Error)?
    /// The batches not delivered yet because the sink failed, oldest first.
    package private(set) var undelivered: [[OnboardingEvent]] = []

    @ObservationIgnored private let sink: (any EventSink)?
    @ObservationIgnored private var pending: Task<Void, Never>?
    @ObservationIgnored private var queued: [[OnboardingEvent]] = []
    @ObservationIgnored private let failures = Broadcast<DeliveryFailure>()

    init(sink: (any EventSink)?) {
        self.sink = sink
    }

    /// A stream of every failure from now on.
    func failureStream() -> AsyncStream<DeliveryFailure> {
        failures.subscribe()
    }

    /// Sends `events` after the batches before them (kept ones first).
    func send(_ events: [OnboardingEvent]) {
        guard sink != nil, !events.isEmpty else { return }
        queued.append(events)
        schedule()
    }

    /// Sends the kept batches again, in order, before anything sent later.
    func retry() {
        guard sink != nil else { return }
        schedule()
    }

    /// Returns the kept events, in order, and forgets them; they will not be sent.
    func takeUndelivered() -> [OnboardingEvent] {
        let events = undelivered.flatMap { $0 }
        undelivered = []
        lastError = nil
        return events
    }

    func wait() async {
        while let task = pending {
            await task.value
            if pending == task { return }
        }
    }

    private func schedule() {
        let previous = pending
        pending = Task { [weak self] in
            await previous?.value
            await self?.drain()
        }
    }

    /// Sends the kept batches and then the queued ones, one at a time, stopping at the first failure.
    private func drain() async {
        guard let sink else { return }
        undelivered += queued
        queued = []
        while let batch = undelivered.first {
            do {
                try await sink.send(batch)
            } catch {
                lastError = error
                failures.send(DeliveryFailure(error: error, events: batch))
                return
            }
            // A batch taken back while the sink was busy is not in the list any more.
            if undelivered.first == batch { undelivered.removeFirst() }
        }
        lastError = nil
    }
}

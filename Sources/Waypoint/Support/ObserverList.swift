/// The observers of one runtime's effects, called in registration order, and the streams of them.
///
/// An observer stays registered while its ``EffectObservation`` is alive and not cancelled; the
/// list holds the observation weakly, so releasing it is enough to end the observation.
@MainActor
final class ObserverList<Value: Sendable> {
    private struct Entry {
        weak var observation: EffectObservation?
        let handler: @MainActor (Value) -> Void
    }

    private var entries: [Entry] = []
    private let streams = Broadcast<Value>()

    /// Registers `handler`; it is called after the observers registered before it.
    func add(_ handler: @escaping @MainActor (Value) -> Void) -> EffectObservation {
        prune()
        let observation = EffectObservation()
        entries.append(Entry(observation: observation, handler: handler))
        return observation
    }

    /// A stream of every value sent from now on.
    func stream() -> AsyncStream<Value> {
        streams.subscribe()
    }

    /// Calls every live observer with `value`, in registration order, then yields it to the streams.
    ///
    /// An observer registered by another observer during the call is called from the next value on.
    func send(_ value: Value) {
        var sawEnded = false
        for entry in entries {
            guard let observation = entry.observation, !observation.isCancelled else {
                sawEnded = true
                continue
            }
            entry.handler(value)
        }
        if sawEnded { prune() }
        streams.send(value)
    }

    private func prune() {
        entries.removeAll { $0.observation == nil || $0.observation?.isCancelled == true }
    }
}

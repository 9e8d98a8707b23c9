/// Saves that run one at a time, in the order they were scheduled, off the caller's path.
///
/// A runtime (``FlowNavigator``, ``StateMachineRuntime``) schedules a save after every change; each
/// save starts when the one before it has finished, so the store always ends up with the latest state.
@MainActor
struct SaveQueue {
    /// The last save scheduled; it finishes after every save before it.
    private var last: Task<Void, Never>?

    /// Schedules `save` after every save scheduled so far; `failed` receives its error, on the main actor.
    mutating func schedule(
        _ save: @escaping @Sendable () async throws -> Void,
        failed: @escaping @MainActor (any Error) -> Void
    ) {
        let previous = last
        last = Task {
            await previous?.value
            do {
                try await save()
            } catch {
                failed(error)
            }
        }
    }

    /// Waits until every save scheduled so far has finished.
    func wait() async {
        await last?.value
    }
}

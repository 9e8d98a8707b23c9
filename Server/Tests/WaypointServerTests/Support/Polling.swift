/// Waiting for something another process or task does, by looking again and again: the one way
/// the tests wait, instead of sleeping for a guessed time.
enum Polling {
    /// Checks `condition` until it holds: at most `attempts` times, `interval` apart, and never
    /// after `timeout` has passed since the call; throws a ``TestFailure`` that names `what` when
    /// it never held. An error thrown by `condition` ends the wait at once.
    ///
    /// - Parameters:
    ///   - what: what is awaited, for the failure, such as "the server answers /health".
    ///   - timeout: the longest wait.
    ///   - interval: the pause between two checks.
    ///   - attempts: the most checks; by default as many as `timeout` allows at `interval`.
    nonisolated(nonsending) static func until(
        _ what: String, timeout: Duration, interval: Duration = .milliseconds(20), attempts: Int? = nil,
        _ condition: nonisolated(nonsending) () async throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let attempts = attempts ?? Int((timeout / interval).rounded(.up)) + 1
        for attempt in 1...max(attempts, 1) {
            if try await condition() { return }
            guard attempt < attempts, clock.now + interval < deadline else { break }
            try await Task.sleep(for: interval)
        }
        throw TestFailure("\(what): not within \(timeout) (\(attempts) checks)")
    }
}

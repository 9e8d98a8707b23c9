/// Waits until `condition` holds, checking it again after each yield and, past the first checks,
/// after a short sleep; gives up after `timeout`.
///
/// For work that another task finishes in its own time (a background save, a delivery, a refresh).
/// Returns whether the condition held: tests `#expect` the result, so a condition that never holds
/// fails the test in at most `timeout`, never hangs it.
///
/// The condition runs in the caller's isolation (a `@MainActor` test may read main-actor state).
///
/// The default timeout is long on purpose: the time runs while the waiting test, and the work it
/// waits for, queue for the few threads (one per core) that every test of the process shares, and
/// the suite's CPU-bound tests keep them busy for about a minute on two cores. A condition that
/// holds ends the wait at once, so only a failing test waits this long.
package func eventually(
    timeout: Duration = .seconds(120), isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    var checks = 0
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        checks += 1
        // Work already scheduled usually finishes within a few yields; after that, sleep briefly so
        // that waiting on a timer or the disk does not spin.
        if checks < 100 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

import Foundation
import Synchronization

/// Starts child processes one at a time for every test of the process.
///
/// Foundation's `Process.run()` on Linux is not safe to call from several threads at once: with
/// many suites starting servers, PostgreSQL and browsers in parallel, two launches at the same
/// moment crashed the test process inside `run()`. Launches are short, so they simply take turns.
enum ProcessLaunch {
    private static let turn = Mutex(())

    /// Runs `process`, after any other launch under way has finished.
    static func run(_ process: Process) throws {
        try turn.withLock { _ in try process.run() }
    }
}

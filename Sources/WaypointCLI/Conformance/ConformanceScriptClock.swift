import Foundation
import Waypoint

/// The clock of a `delivery` case: it moves only when something sleeps on it, by exactly the wait,
/// at once, after telling ``onSleep`` (which may refuse the wait by throwing).
final class ConformanceScriptClock: WaypointClock, @unchecked Sendable {
    // @unchecked Sendable: `current` and `handler` are read and written only while `lock` is held.
    private let lock = NSLock()
    private var current: Date
    private var handler: (@Sendable (Duration) async throws -> Void)?

    /// A clock that starts at `start`.
    init(start: Date) {
        current = start
    }

    /// Told of every wait before the clock moves.
    var onSleep: (@Sendable (Duration) async throws -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    var now: Date { lock.withLock { current } }

    func sleep(for duration: Duration) async throws {
        try await onSleep?(duration)
        lock.withLock { current = current.addingTimeInterval(duration.seconds) }
    }
}

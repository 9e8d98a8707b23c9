import Foundation

/// The source of time for everything time-based in Waypoint: timers, durations, display frequency.
///
/// Inject ``SystemClock`` in apps and `FixedClock` (from `WaypointTesting`) in tests, so tests never sleep.
public protocol WaypointClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }

    /// Suspends the calling task until `duration` has passed on this clock.
    ///
    /// Throws `CancellationError` when the task is cancelled while sleeping.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Date()` for the time and `Task.sleep` for waiting.
public struct SystemClock: WaypointClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

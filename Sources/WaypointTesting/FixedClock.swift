import Foundation
import Waypoint

/// A ``Waypoint/WaypointClock`` whose time moves only when a test says so.
///
/// `sleep(for:)` suspends until ``advance(by:)`` moves the clock past the wake-up time, so tests
/// of timers and durations run instantly and deterministically.
///
/// ```swift
/// let clock = FixedClock()
/// clock.advance(by: .seconds(4))   // fires every timer due within 4 seconds
/// ```
public final class FixedClock: WaypointClock, @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written only while `lock` is held,
    // and continuations are resumed after the lock is released.
    private let lock = NSLock()
    private var current: Date
    private var sleepers: [(id: UInt64, deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0
    private var cancelled: Set<UInt64> = []

    /// Creates a clock that starts at `start` (by default 2026-01-01T00:00:00Z).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = start
    }

    public var now: Date {
        lock.withLock { current }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline has passed, earliest first.
    public func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
            current = current.addingTimeInterval(duration.seconds)
            let now = current
            let ready = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= now }
            return ready.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Sets the clock to `date` (which may be earlier, to simulate a changed device clock).
    public func set(to date: Date) {
        let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
            current = date
            let ready = sleepers.filter { $0.deadline <= date }
            sleepers.removeAll { $0.deadline <= date }
            return ready.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    public func sleep(for duration: Duration) async throws {
        let id: UInt64 = lock.withLock { nextID += 1; return nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    let deadline = current.addingTimeInterval(duration.seconds)
                    if deadline <= current { return .success(()) }
                    sleepers.append((id, deadline, continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = lock.withLock {
                if let index = sleepers.firstIndex(where: { $0.id == id }) {
                    return sleepers.remove(at: index).continuation
                }
                cancelled.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }
}

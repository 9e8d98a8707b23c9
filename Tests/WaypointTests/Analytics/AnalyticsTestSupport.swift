import Foundation
import Waypoint

/// A sink that fails its first `failures` batches, then keeps every batch it receives.
actor FailingSink: EventSink {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "The collector could not be reached; events are sent again later." }
    }

    private var failuresLeft: Int
    /// Every batch received, in order.
    private(set) var batches: [[OnboardingEvent]] = []
    /// How many sends failed.
    private(set) var failed = 0

    init(failures: Int) {
        failuresLeft = failures
    }

    /// Every event received, in order.
    var events: [OnboardingEvent] { batches.flatMap { $0 } }

    func send(_ events: [OnboardingEvent]) async throws {
        if failuresLeft > 0 {
            failuresLeft -= 1
            failed += 1
            throw Unreachable()
        }
        batches.append(events)
    }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

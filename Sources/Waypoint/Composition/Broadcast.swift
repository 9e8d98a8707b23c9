import Foundation

/// Fans every value out to any number of `AsyncStream` subscribers.
///
/// Each call to ``subscribe()`` registers a new stream *synchronously*, so a subscriber never misses
/// a value sent after it subscribed, whichever task later iterates the stream. There is no replay:
/// values sent before a subscriber subscribed are not delivered to it. Each stream buffers without
/// bound (the values here are user-paced: one per tap or network reply). A stream ends when its
/// iterating task is cancelled, or for every subscriber when the broadcast is deinitialised.
final class Broadcast<Element: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the only mutable state, `subscribers` and `nextID`, is read and written
    // only while `lock` is held; continuations are yielded to and finished after the lock is
    // released, and `AsyncStream.Continuation` is itself Sendable.
    private let lock = NSLock()
    private var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
    private var nextID: UInt64 = 0

    init() {}

    deinit {
        // No other reference exists, so no lock is needed.
        for continuation in subscribers.values { continuation.finish() }
    }

    /// How many streams are subscribed and not yet terminated.
    var subscriberCount: Int {
        lock.withLock { subscribers.count }
    }

    /// Registers and returns a new stream that receives every value sent from now on.
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let id: UInt64 = lock.withLock {
            nextID += 1
            subscribers[nextID] = continuation
            return nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        return stream
    }

    /// Delivers `value` to every current subscriber.
    func send(_ value: Element) {
        let current = lock.withLock { Array(subscribers.values) }
        for continuation in current {
            continuation.yield(value)
        }
    }

    private func remove(_ id: UInt64) {
        _ = lock.withLock { subscribers.removeValue(forKey: id) }
    }
}

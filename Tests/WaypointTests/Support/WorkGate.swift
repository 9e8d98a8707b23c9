import Foundation

/// Holds async work in flight until the test releases it, with no sleeping and no timing.
///
/// Work calls ``pass()`` and suspends there; the test waits with ``waitForArrivals(_:)`` until the
/// work is known to be in flight, then ends it with ``release(_:)`` or ``fail(_:)``. A task
/// cancelled while waiting in ``pass()`` throws `CancellationError`.
final class WorkGate<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written only while `lock` is held,
    // and continuations are resumed after the lock is released.
    private let lock = NSLock()
    private var waiting: [(id: Int, continuation: CheckedContinuation<Value, any Error>)] = []
    private var cancelledIDs: Set<Int> = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextID = 0
    private(set) var arrivals = 0

    /// How many callers are suspended in ``pass()`` now.
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Suspends until the test releases (or fails) this caller.
    func pass() async throws -> Value {
        let id: Int = lock.withLock { nextID += 1; return nextID }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let (cancelled, ready): (Bool, [CheckedContinuation<Void, Never>]) = lock.withLock {
                    if cancelledIDs.remove(id) != nil { return (true, []) }
                    waiting.append((id, continuation))
                    arrivals += 1
                    let ready = watchers.filter { $0.count <= arrivals }.map(\.continuation)
                    watchers.removeAll { $0.count <= arrivals }
                    return (false, ready)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for watcher in ready { watcher.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Value, any Error>? = lock.withLock {
                if let index = waiting.firstIndex(where: { $0.id == id }) {
                    return waiting.remove(at: index).continuation
                }
                cancelledIDs.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` callers in total have reached ``pass()``.
    func waitForArrivals(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if arrivals >= count { return true }
                watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets the longest-waiting caller go on with `value`; returns whether one was waiting.
    @discardableResult
    func release(_ value: Value) -> Bool {
        resumeOldest(with: .success(value))
    }

    /// Makes the longest-waiting caller throw `error`; returns whether one was waiting.
    @discardableResult
    func fail(_ error: any Error) -> Bool {
        resumeOldest(with: .failure(error))
    }

    private func resumeOldest(with result: Result<Value, any Error>) -> Bool {
        let continuation: CheckedContinuation<Value, any Error>? = lock.withLock {
            waiting.isEmpty ? nil : waiting.removeFirst().continuation
        }
        continuation?.resume(with: result)
        return continuation != nil
    }
}

/// An error thrown by test work, compared by its code.
struct TestFailure: Error, Equatable {
    let code: Int
}

/// An append-only list shared between tasks.
final class Recorder<Element: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var storage: [Element] = []

    var values: [Element] { lock.withLock { storage } }

    func append(_ element: Element) {
        lock.withLock { storage.append(element) }
    }
}

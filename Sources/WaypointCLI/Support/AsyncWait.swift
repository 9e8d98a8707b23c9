import Foundation

/// Runs async work from a synchronous command and waits for it, on a task outside the caller.
enum AsyncWait {
    /// The result of `work`, waited for by blocking the calling thread.
    static func result<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            box.set(result)
            done.signal()
        }
        done.wait()
        return try box.get()
    }

    private final class Box<T: Sendable>: @unchecked Sendable {
        // @unchecked Sendable: `result` is written once before the semaphore is signalled and read
        // only after the waiting thread returned from `wait()`; the lock orders both.
        private let lock = NSLock()
        private var result: Result<T, any Error>?

        func set(_ result: Result<T, any Error>) { lock.withLock { self.result = result } }
        func get() throws -> T {
            guard let result = lock.withLock({ result }) else { throw CLIError("The work ended without a result.") }
            return try result.get()
        }
    }
}

import Foundation

/// Runs blocking work (a child process, the compiler, a command that waits for async work) on a
/// thread of its own, awaited without holding a thread of Swift concurrency's pool.
///
/// The pool has one thread per core, and every test of the process shares it: on a two-core
/// machine, two tests blocked in `swiftc` at once would stall every other test until they end; and
/// two commands that block their thread until async work finishes would wait for each other.
public enum OffThePool {
    /// `body`'s result, or what it threw, computed on a new thread.
    public static func run<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result: Result<T, Failure> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(Failure) -> T in try body() }) }.start()
        }
        return try result.get()
    }
}

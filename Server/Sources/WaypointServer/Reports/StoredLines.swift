import Foundation
import Synchronization

/// An app's stored event lines as a plain `Sequence`, read lazily a page at a time, for the core's
/// reports (which consume a synchronous sequence) on a thread of their own.
///
/// Reading by user (`byUser`) keeps one user's events together, so the core's user-ordered reports
/// hold one user in memory at a time; `all` reads in storage order.
enum StoredLines {
    /// Events read from the store per page.
    static let pageSize = 20_000

    /// Runs `work` over one flow's stored lines, ordered by user, then time, then arrival.
    static func byUser<T: Sendable>(
        store: any Store, appID: String, flowID: String, _ work: @escaping @Sendable (Lines<UserOrderCursor>) throws -> T
    ) async throws -> T {
        let lines = Lines<UserOrderCursor> { cursor in
            let page = try await store.eventsByUser(appID: appID, flowID: flowID, after: cursor, limit: pageSize)
            return (page.lines, page.next)
        }
        return try await run(lines, work)
    }

    /// Runs `work` over every stored line of an app, in storage order.
    static func all<T: Sendable>(
        store: any Store, appID: String, _ work: @escaping @Sendable (Lines<Int64>) throws -> T
    ) async throws -> T {
        let lines = Lines<Int64> { cursor in
            let page = try await store.events(appID: appID, after: cursor, limit: pageSize)
            return (page.lines, page.next)
        }
        return try await run(lines, work)
    }

    private static func run<Cursor, T: Sendable>(
        _ lines: Lines<Cursor>, _ work: @escaping @Sendable (Lines<Cursor>) throws -> T
    ) async throws -> T {
        try await onThread {
            let result = try work(lines)
            if let error = lines.failure.withLock({ $0 }) { throw error }
            return result
        }
    }

    /// Runs `work` on a thread of its own: it waits for pages from the store, which must not block
    /// the threads Swift concurrency runs tasks on.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Stored lines, fetched a page at a time; a store error ends the sequence early and is thrown
    /// after the work by ``StoredLines``.
    final class Lines<Cursor: Sendable>: Sequence, Sendable {
        typealias Fetch = @Sendable (Cursor?) async throws -> (lines: [String], next: Cursor?)

        private let fetch: Fetch
        fileprivate let failure = Mutex<(any Error)?>(nil)

        init(fetch: @escaping Fetch) { self.fetch = fetch }

        func makeIterator() -> Iterator { Iterator(source: self) }

        struct Iterator: IteratorProtocol {
            let source: Lines
            private var page: [String] = []
            private var position = 0
            private var cursor: Cursor?
            private var finished = false

            init(source: Lines) { self.source = source }

            mutating func next() -> String? {
                while true {
                    if position < page.count {
                        position += 1
                        return page[position - 1]
                    }
                    guard !finished else { return nil }
                    let (fetch, after) = (source.fetch, cursor)
                    switch StoredLines.wait({ try await fetch(after) }) {
                    case .success(let fetched):
                        page = fetched.lines
                        position = 0
                        cursor = fetched.next
                        finished = fetched.next == nil
                    case .failure(let error):
                        source.failure.withLock { $0 = error }
                        finished = true
                        return nil
                    }
                }
            }
        }
    }

    /// Waits on the current (non-cooperative) thread for an async operation.
    private static func wait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
        let box = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 } ?? .failure(CancellationError())
    }
}

import Foundation
import Synchronization

/// An app's stored event lines as a plain `Sequence`, read lazily a page at a time, for the core's
/// reports (which consume a synchronous sequence) on a thread of their own.
///
/// Reading by user keeps one user's events together, so the core's user-ordered reports hold one
/// user in memory at a time; the next page is read while the report works on the current one.
///
/// The work stops when its task is cancelled (its client went away, the server is shutting down:
/// ``ReportWork``): the sequence checks at every line and then ends, and the work throws
/// `CancellationError`.
enum StoredLines {
    /// Events read from the store per page.
    static let pageSize = 20_000

    /// Runs `work` over one flow's stored lines (nil: the lines of no flow, walkthrough events) of
    /// one environment, ordered by user, then time, then arrival.
    static func byUser<T: Sendable>(
        _ events: any EventRepository, appID: AppID, environment: EnvironmentName, flowID: String?, _ work: @escaping @Sendable (Lines<UserOrderCursor>) throws -> T
    ) async throws -> T {
        let lines = Lines<UserOrderCursor> { cursor in
            let page = try await events.eventsByUser(appID: appID, environment: environment, flowID: flowID, after: cursor, limit: pageSize)
            return (page.lines, page.next)
        }
        return try await run(lines, work)
    }

    private static func run<Cursor, T: Sendable>(
        _ lines: Lines<Cursor>, _ work: @escaping @Sendable (Lines<Cursor>) throws -> T
    ) async throws -> T {
        try await withTaskCancellationHandler {
            try await onThread {
                let result = Result { try work(lines) }
                // Lines that ended early (a store error, a cancellation) explain whatever the work made of them.
                if let error = lines.failure.withLock({ $0 }) { throw error }
                return try result.get()
            }
        } onCancel: {
            lines.stop()
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
        /// Set when the work is cancelled: the sequence ends at the next line.
        private let stopped = Atomic<Bool>(false)

        init(fetch: @escaping Fetch) { self.fetch = fetch }

        /// Ends the sequence at the next line; the work then throws `CancellationError`.
        func stop() { stopped.store(true, ordering: .relaxed) }

        fileprivate var isStopped: Bool { stopped.load(ordering: .relaxed) }

        func makeIterator() -> Iterator { Iterator(source: self) }

        struct Iterator: IteratorProtocol {
            let source: Lines
            private var page: [String] = []
            private var position = 0
            /// The next page, already asked for while this one is read: the store reads while the
            /// report computes.
            private var upcoming: PendingPage<Cursor>?
            private var finished = false

            init(source: Lines) {
                self.source = source
                upcoming = PendingPage(fetch: source.fetch, after: nil)
            }

            mutating func next() -> String? {
                if source.isStopped {
                    source.failure.withLock { $0 = $0 ?? CancellationError() }
                    finished = true
                    upcoming = nil
                    return nil
                }
                while true {
                    if position < page.count {
                        position += 1
                        return page[position - 1]
                    }
                    guard !finished, let pending = upcoming else { return nil }
                    switch pending.wait() {
                    case .success(let fetched):
                        page = fetched.lines
                        position = 0
                        if let cursor = fetched.next {
                            upcoming = PendingPage(fetch: source.fetch, after: cursor)
                        } else {
                            upcoming = nil
                            finished = true
                        }
                    case .failure(let error):
                        source.failure.withLock { $0 = error }
                        finished = true
                        return nil
                    }
                }
            }
        }
    }

    /// A page being read by the store; `wait()` blocks the (non-cooperative) calling thread until it is there.
    final class PendingPage<Cursor: Sendable>: Sendable {
        private let result = Mutex<Result<(lines: [String], next: Cursor?), any Error>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(fetch: @escaping Lines<Cursor>.Fetch, after cursor: Cursor?) {
            Task { [self] in
                let outcome: Result<(lines: [String], next: Cursor?), any Error>
                do { outcome = .success(try await fetch(cursor)) } catch { outcome = .failure(error) }
                self.result.withLock { $0 = outcome }
                self.done.signal()
            }
        }

        func wait() -> Result<(lines: [String], next: Cursor?), any Error> {
            done.wait()
            return result.withLock { $0 } ?? .failure(CancellationError())
        }
    }
}

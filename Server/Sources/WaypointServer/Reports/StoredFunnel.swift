import Foundation
import Synchronization
import Waypoint
import WaypointTools

/// The funnel endpoint's report: `Funnel.compute` — the implementation `waypoint funnel` uses — fed
/// with the app's stored lines of the flow in (user, time) order, page by page from the store, one
/// user in memory at a time, and encoded exactly as `waypoint funnel --format json` prints it.
enum StoredFunnel {
    /// Events read from the store per page.
    static let pageSize = 20_000

    /// The report as JSON bytes, ending with a newline like the CLI's output.
    static func json(store: any Store, appID: String, query: FunnelQuery) async throws -> [UInt8] {
        let report = try await computeOnThread {
            let failure = Failure()
            let events = StoredEvents(store: store, appID: appID, flowID: query.flowID, failure: failure)
            let report = try Funnel.compute(userOrderedJSONLines: events, query: query)
            if let error = failure.error.withLock({ $0 }) { throw error }
            return report
        }
        return [UInt8](report.jsonData()) + [UInt8(ascii: "\n")]
    }

    /// Runs `work` on a thread of its own: it waits for pages from the store, which must not block
    /// the threads Swift concurrency runs tasks on.
    private static func computeOnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// The stored lines of one flow of one app, in user then time order, read lazily a page at a time.
    private struct StoredEvents: Sequence {
        let store: any Store
        let appID: String
        let flowID: String
        let failure: Failure

        func makeIterator() -> Iterator { Iterator(source: self) }

        struct Iterator: IteratorProtocol {
            let source: StoredEvents
            private var page: [String] = []
            private var position = 0
            private var cursor: UserOrderCursor?
            private var finished = false

            init(source: StoredEvents) { self.source = source }

            mutating func next() -> String? {
                while true {
                    if position < page.count {
                        position += 1
                        return page[position - 1]
                    }
                    guard !finished else { return nil }
                    let (store, appID, flowID, after) = (source.store, source.appID, source.flowID, cursor)
                    let fetched = StoredFunnel.wait {
                        try await store.eventsByUser(appID: appID, flowID: flowID, after: after, limit: StoredFunnel.pageSize)
                    }
                    let next: UserOrderedPage
                    switch fetched {
                    case .success(let page): next = page
                    case .failure(let error):
                        source.failure.error.withLock { $0 = error }
                        finished = true
                        return nil
                    }
                    page = next.lines
                    position = 0
                    cursor = next.next
                    finished = next.next == nil
                }
            }
        }
    }

    /// The error that ended reading early, reported after the computation.
    private final class Failure: Sendable {
        let error = Mutex<(any Error)?>(nil)
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
        return box.withLock { $0 }!
    }
}

import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// PostgresNIO's connection pool, whose requests wait at most `connectionWait` for a connection.
///
/// While PostgreSQL is down, the pool keeps trying to connect (backing off, from 100 ms up to a
/// minute between attempts) and holds every request meanwhile, for up to a minute before it fails
/// them. Here a request that has no connection within `connectionWait` fails at once with
/// ``StoreError/storageUnavailable(_:)`` (the API answers 503 and `Retry-After`), and the pool
/// goes on reconnecting in the background: once PostgreSQL is back, requests succeed again without
/// a restart. A request that has its connection is never cut short, however long its query runs.
///
/// PostgresNIO reports whatever goes wrong with a query as a `PSQLError`; an error of any other
/// kind from a request that never had its connection comes from the pool, which could not give
/// one (after a minute of failed attempts it fails requests at once): that is also
/// ``StoreError/storageUnavailable(_:)``, told apart without reading the pool's own error type.
struct BoundedPostgresClient: Sendable {
    let client: PostgresClient
    let connectionWait: Duration

    /// Runs `query` on a pooled connection (see `PostgresClient.query`).
    @discardableResult
    func query(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        let client = client
        return try await waitingForConnection { _ in try await client.query(query, logger: logger, file: file, line: line) }
    }

    /// Runs `body` in a transaction on a pooled connection (see `PostgresClient.withTransaction`).
    func withTransaction<T: Sendable>(
        logger: Logger, file: String = #file, line: Int = #line, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let client = client
        return try await waitingForConnection { leased in
            try await client.withConnection { connection in
                leased.set()
                return try await connection.withTransaction(logger: logger, file: file, line: line) { try await body($0) }
            }
        }
    }

    /// Runs `operation`, which first waits for a connection (and sets the flag it is given once it
    /// has one, when it can tell); gives up on the wait after ``connectionWait``.
    private func waitingForConnection<T: Sendable>(
        _ operation: @escaping @Sendable (Leased) async throws -> T
    ) async throws -> T {
        let leased = Leased()
        let wait = connectionWait
        return try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
            group.addTask { .finished(try await operation(leased)) }
            group.addTask {
                try await Task.sleep(for: wait)
                return .waitedTooLong
            }
            var gaveUp = false
            do {
                while let outcome = try await group.next() {
                    switch outcome {
                    case .finished(let value):
                        group.cancelAll()
                        return value
                    case .waitedTooLong where !leased.isSet:
                        // Cancelling withdraws the request from the pool's queue; an operation that
                        // got its connection meanwhile still finishes and is answered.
                        gaveUp = true
                        group.cancelAll()
                    case .waitedTooLong:
                        break
                    }
                }
            } catch where gaveUp {
                let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                throw StoreError.storageUnavailable(StoreError.postgresLost(
                    "no connection to it within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) seconds"))
            } catch let error where Self.isPoolFailure(error, leased: leased) {
                throw StoreError.storageUnavailable(StoreError.postgresLost("the pool could make no connection to it (\(error))"))
            }
            throw CancellationError()
        }
    }

    /// Whether `error`, thrown by an operation that never had its connection, is the pool saying it
    /// has none to give: neither a query's error (`PSQLError`), ours, nor a cancellation.
    static func isPoolFailure(_ error: any Error, leased: Leased) -> Bool {
        guard !leased.isSet else { return false }
        switch error {
        case is PSQLError, is StoreError, is CancellationError: return false
        default: return true
        }
    }

    /// Whether an operation has its connection.
    final class Leased: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .releasing) }
        var isSet: Bool { value.load(ordering: .acquiring) }
    }

    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case waitedTooLong
    }
}

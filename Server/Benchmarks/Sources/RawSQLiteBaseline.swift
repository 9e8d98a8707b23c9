import Foundation
import GRDB
import WaypointServer

/// The storage limit ingestion is measured against: the same event rows inserted straight into
/// SQLite in this process, in 100-row transactions, with the server's schema (a new store's file)
/// and its durability (`synchronous = FULL`, WAL) — no HTTP, no JSON, no report contributions.
enum RawSQLiteBaseline {
    /// Rows/s of inserting `batches` batches made by `batch` into a new database under `directory`.
    static func rowsPerSecond(directory: URL, batches: Int, batch: (Int) -> [StoredEvent]) throws -> Double {
        let queue = try open(directory: directory)
        let start = ContinuousClock.now
        var rows = 0
        for number in 0..<batches {
            let events = batch(number)
            rows += events.count
            try insert(events, into: queue)
        }
        return Double(rows) / (ContinuousClock.now - start).seconds
    }

    /// A new store's file under `directory` (the store makes it and its schema), opened straight
    /// through GRDB with the server's durability.
    static func open(directory: URL) throws -> DatabaseQueue {
        _ = try SQLiteStore(directory: directory)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path, configuration: configuration)
    }

    /// Inserts `events` in one transaction.
    static func insert(_ events: [StoredEvent], into queue: DatabaseQueue) throws {
        try queue.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for event in events {
                try statement.execute(arguments: [
                    "bench", event.messageID, event.userID, event.flowID, event.timestamp, event.environment, event.receivedAt, event.line,
                ])
            }
        }
    }
}

/// The storage limit at each level of the scale benchmark: the very rows the server stored, in
/// the same batches, inserted straight into a store of their own that grows level by level with
/// the server's, so that both write into indexes of the same size.
protocol StorageLimit: AnyObject {
    /// Inserts the next rows up to `level` in `batchSize`-row transactions; returns the rows/s of
    /// the inserts alone (the rows are made between timed stretches).
    func fill(to level: Int, batchSize: Int) async throws -> Double
    /// Closes the store (and removes it, when it is a database of its own).
    func close() async throws
}

/// ``SignupRun``'s users in order, as stored rows, cut into batches: the storage limits' rows.
struct SignupRows {
    private var order = SignupRun.StartOrder.daily
    private var user = 0
    private var pending: [StoredEvent] = []
    /// Rows handed out so far.
    private(set) var stored = 0

    init(order: SignupRun.StartOrder = .daily) {
        self.order = order
    }

    /// Up to `batches` next batches of `batchSize` rows, stopping at `level` rows in all.
    mutating func next(to level: Int, batchSize: Int, batches limit: Int) -> [[StoredEvent]] {
        var batches: [[StoredEvent]] = []
        while batches.count < limit && stored < level {
            let count = min(batchSize, level - stored)
            while pending.count < count {
                pending += SignupRun(user: user, order: order).storedEvents(receivedAt: 0)
                user += 1
            }
            batches.append(Array(pending.prefix(count)))
            pending.removeFirst(count)
            stored += count
        }
        return batches
    }
}

/// The storage limit in SQLite (``RawSQLiteBaseline``'s inserts), in a store that grows with the server's.
final class GrowingRawSQLite: StorageLimit {
    private let queue: DatabaseQueue
    private var rows: SignupRows

    init(directory: URL, order: SignupRun.StartOrder) throws {
        queue = try RawSQLiteBaseline.open(directory: directory)
        rows = SignupRows(order: order)
    }

    func fill(to level: Int, batchSize: Int) throws -> Double {
        var inserted = 0
        var seconds = 0.0
        while rows.stored < level {
            let batches = rows.next(to: level, batchSize: batchSize, batches: 1000)
            let start = ContinuousClock.now
            for batch in batches { try RawSQLiteBaseline.insert(batch, into: queue) }
            seconds += (ContinuousClock.now - start).seconds
            inserted += batches.reduce(0) { $0 + $1.count }
        }
        return Double(inserted) / max(seconds, 1e-9)
    }

    func close() throws {
        try queue.close()
    }
}

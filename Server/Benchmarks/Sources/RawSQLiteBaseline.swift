import Foundation
import GRDB
import WaypointServer

/// The storage limit ingestion is measured against: the same event rows inserted straight into
/// SQLite in this process, in 100-row transactions, with the server's schema (a new store's file)
/// and its durability (`synchronous = FULL`, WAL) — no HTTP, no JSON, no report contributions.
enum RawSQLiteBaseline {
    /// Rows/s of inserting `batches` batches made by `batch` into a new database under `directory`.
    static func rowsPerSecond(directory: URL, batches: Int, batch: (Int) -> [StoredEvent]) throws -> Double {
        // The store makes the file and its schema; then it is written straight through GRDB.
        _ = try SQLiteStore(directory: directory)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path, configuration: configuration)
        let start = ContinuousClock.now
        var rows = 0
        for number in 0..<batches {
            let events = batch(number)
            rows += events.count
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
        return Double(rows) / (ContinuousClock.now - start).seconds
    }
}

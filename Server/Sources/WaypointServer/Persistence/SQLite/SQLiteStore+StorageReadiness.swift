import Foundation
import GRDB
import SystemCalls

extension SQLiteStore: StorageReadiness {
    /// The free space below which the disk counts as full: more than a batch of events needs.
    static let minimumFreeBytes: UInt64 = 4 << 20

    /// The room below its size limit (unused pages plus free ones) under which the database counts
    /// as full: one event touches several b-trees (the events table and its indexes, the user's
    /// contribution, its cells and their pages), each of which may need a page of its own, so a
    /// database a page or two short of its limit already refuses a single event.
    static let minimumRoomPages = 16

    public func checkStorage() async throws {
        let path = directory.appendingPathComponent("waypoint.sqlite").path
        // Before the write, which would wait for a rebuild's transaction.
        try reportLedger.checkReady()
        do {
            try await pool.write { db in
                // Rewrites the header's user version with its own value: a real, synced write.
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let limit = try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? Int.max
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                // Unused pages below the limit plus free ones (no overflow: `free` ≤ `pages` ≤ `limit`).
                let room = limit - pages + free
                if room < Self.minimumRoomPages {
                    throw StoreError.storageFull(
                        "The SQLite database \(path) reached its size limit of \(limit) pages (\(room) left, "
                            + "fewer than an event can need), so nothing more can be stored. "
                            + "Delete old events or move the data folder to a larger disk.")
                }
                try self.checkLedger(db)
            }
        } catch {
            throw StoreError(storageFailure: error)
                ?? StoreError.storageUnavailable("The SQLite database \(path) cannot be written: \(error).")
        }
        if let available = FileCalls.availableBytes(onDiskOf: directory.path), available < Self.minimumFreeBytes {
            throw StoreError.storageFull(
                "The disk that holds \(directory.path) has \(available / 1024) KiB free, so events cannot be stored. "
                    + "Free space on that disk; the server stores again by itself once there is room.")
        }
    }
}

import Foundation
import GRDB
import WaypointTools

/// Erasure and retention in SQLite (docs/ARCHITECTURE.md, "Operating the server").
///
/// `secure_delete` (set on every connection) overwrites deleted rows with zeros in the database
/// file; after deleting, the write-ahead log is checkpointed and truncated, so the deleted bytes
/// do not stay in its older frames either.
extension SQLiteStore {
    /// The most events one retention transaction deletes: ingestion waits at most for one of them.
    static let retentionBatchSize = 10_000

    public func eraseUser(appID: AppID, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int {
        let appID = appID.rawValue
        try reportLedger.checkReady()
        // Writes are serialized: no insert of events runs between keeping the ids and deleting.
        let deleted = try await pool.write { db in
            try self.checkLedger(db)
            try db.execute(sql: """
                INSERT INTO erased_messages (app_id, message_id, timestamp_ms)
                SELECT app_id, message_id, timestamp_ms FROM events WHERE app_id = ? AND user_id = ?
                ON CONFLICT (app_id, message_id) DO NOTHING
                """, arguments: [appID, userID])
            let environments = try String.fetchAll(db, sql: "DELETE FROM events WHERE app_id = ? AND user_id = ? RETURNING environment",
                                                   arguments: [appID, userID])
            var counts = EventCountChanges()
            for environment in environments { counts.add(-1, appID: appID, environment: environment) }
            let deleted = environments.count
            // The user's contribution rows go, and the cells lose them, in this transaction.
            try Self.recomputeContributions(db, appID: appID, userID: userID)
            try Self.apply(counts, db)
            try self.appendChained(audit?(deleted), db)
            return deleted
        }
        if deleted > 0 { await truncateLog() }
        return deleted
    }

    public func deleteEvents(before cutoff: Int64) async throws -> Int {
        var deleted = 0
        // Bounded by the number of events there were: each round deletes a batch or ends the loop.
        while true {
            try reportLedger.checkReady()
            let (batch, more) = try await pool.write { db in
                try self.checkLedger(db)
                // The oldest expired events, of at most ``ContributionChanges/retentionUsers`` users.
                let candidates = try Row.fetchAll(db, sql: """
                    SELECT seq, app_id, environment, user_id, flow_id, walkthrough_id FROM events WHERE timestamp_ms < ? LIMIT ?
                    """, arguments: [cutoff, Self.retentionBatchSize])
                let chosen = ContributionChanges.retentionRound(candidates.map { row in
                    let flowID: String? = row[4], walkthroughID: String? = row[5]
                    return (row[0], row[1], ContributionUser(environment: row[2], userID: row[3]), flowID ?? walkthroughID)
                })
                let delete = try db.cachedStatement(sql: """
                    DELETE FROM events WHERE seq = ? RETURNING app_id, environment, user_id, flow_id, walkthrough_id
                    """)
                var expired: [Row] = []
                for seq in chosen { expired += try Row.fetchAll(delete, arguments: [seq]) }
                // The users whose events went get their contributions recomputed from what is left,
                // in the same transaction: the cells never count a deleted event (docs/ARCHITECTURE.md,
                // "Report contributions in the stores"). The batch bounds how many users one transaction recomputes.
                var subjects: [String: [ContributionUser: Set<ExactID>]] = [:]
                var counts = EventCountChanges()
                for row in expired {
                    counts.add(-1, appID: row[0], environment: row[1])
                    let flowID: String? = row[3]
                    let walkthroughID: String? = row[4]
                    guard let subject = flowID ?? walkthroughID else { continue }
                    subjects[row[0], default: [:]][ContributionUser(environment: row[1], userID: row[2]), default: []].insert(ExactID(subject))
                }
                for (appID, users) in subjects {
                    try Self.recomputeContributions(db, appID: appID, subjects: users)
                }
                try Self.apply(counts, db)
                return (expired.count, candidates.count == Self.retentionBatchSize || chosen.count < candidates.count)
            }
            deleted += batch
            if !more { break }
        }
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM erased_messages WHERE timestamp_ms < ?", arguments: [cutoff])
        }
        if deleted > 0 { await truncateLog() }
        return deleted
    }

    /// Copies the write-ahead log into the database and empties it, so the deleted rows' earlier
    /// versions leave it. A reader in the middle of a long read can prevent it; then the frames are
    /// overwritten as the log is reused, and the next deletion tries again.
    private func truncateLog() async {
        _ = try? await pool.writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
        }
    }
}

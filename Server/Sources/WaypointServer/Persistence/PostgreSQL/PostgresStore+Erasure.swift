import Foundation
import PostgresNIO

/// Erasure and retention in PostgreSQL (docs/ARCHITECTURE.md, "Operating the server").
///
/// A deleted row stays on disk as a dead tuple until (auto)vacuum reuses its space, and in the
/// write-ahead log until it is recycled; the documentation says so, and how to hasten it.
extension PostgresStore {
    /// The first key of the advisory lock an erasure holds over its app (the second is the app id's
    /// `hashtext`): exclusive for an erasure, shared for each insert of events.
    static let erasureLock: Int32 = 74_697_070

    /// The most events one retention statement deletes: ingestion waits at most for one of them.
    static let retentionBatchSize = 10_000

    public func eraseUser(appID: AppID, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int {
        let appID = appID.rawValue
        // PostgreSQL text cannot hold U+0000, so no stored event has such a user id (nor can the
        // audit entry name it: it is recorded with the character replaced, when one is made of 0).
        if userID.unicodeScalars.contains("\u{0}") {
            if let entry = audit?(0) { try await run([entry.insertQuery(in: .postgres)]) }
            return 0
        }
        let logger = logger
        let chain = auditChain
        let ledger = reportLedger
        try ledger.checkReady()
        return try await transaction { connection in
            try await Self.checkLedger(connection, ledger, logger: logger)
            // No insert of this app's events runs between keeping the ids and deleting.
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.erasureLock), hashtext(\(appID)))", logger: logger)
            var deleted = 0
            var counts = EventCountChanges()
            for try await (environment, count) in try await connection.query(
                """
                WITH erased AS (
                    DELETE FROM events WHERE app_id = \(appID) AND user_id = \(userID)
                    RETURNING app_id, message_id, timestamp_ms, environment
                ), kept AS (
                    INSERT INTO erased_messages (app_id, message_id, timestamp_ms)
                    SELECT app_id, message_id, timestamp_ms FROM erased
                    ON CONFLICT (app_id, message_id) DO NOTHING
                )
                SELECT environment, count(*) FROM erased GROUP BY environment
                """, logger: logger
            ).decode((String, Int).self) {
                deleted += count
                counts.add(-count, appID: appID, environment: environment)
            }
            // The user's contribution rows go, and the cells lose them, in this transaction.
            try await Self.recomputeContributions(connection, appID: appID, userID: userID, logger: logger)
            try await Self.apply(counts, connection, logger: logger)
            try await Self.append(audit?(deleted), connection, chain: chain, logger: logger)
            return deleted
        }
    }

    public func deleteEvents(before cutoff: Int64) async throws -> Int {
        var deleted = 0
        let limit = Self.retentionBatchSize
        // Bounded by the number of events there were: each round deletes a batch or ends the loop.
        let logger = logger
        let ledger = reportLedger
        while true {
            try ledger.checkReady()
            // The users whose events went get their contributions recomputed from what is left, in
            // the same transaction: the cells never count a deleted event (docs/ARCHITECTURE.md,
            // "Report contributions in the stores"). The batch bounds how many users one transaction recomputes.
            let (batch, more) = try await transaction { connection in
                try await Self.checkLedger(connection, ledger, logger: logger)
                // The oldest expired events, of at most ``ContributionChanges/retentionUsers`` users.
                var candidates: [(seq: Int64, appID: String, user: ContributionUser, subject: String?)] = []
                for try await (seq, appID, environment, userID, flowID, walkthroughID) in try await connection.query(
                    "SELECT seq, app_id, environment, user_id, flow_id, walkthrough_id FROM events WHERE timestamp_ms < \(cutoff) LIMIT \(limit)",
                    logger: logger
                ).decode((Int64, String, String, String, String?, String?).self) {
                    candidates.append((seq, appID, ContributionUser(environment: environment, userID: userID), flowID ?? walkthroughID))
                }
                let chosen = ContributionChanges.retentionRound(candidates)
                var expired: [(String, String, String, String?, String?)] = []
                for try await row in try await connection.query(
                    """
                    DELETE FROM events WHERE seq = ANY(\(chosen)::bigint[])
                    RETURNING app_id, environment, user_id, flow_id, walkthrough_id
                    """, logger: logger
                ).decode((String, String, String, String?, String?).self) {
                    expired.append(row)
                }
                try await Self.recomputeContributions(connection, expired: expired, logger: logger)
                var counts = EventCountChanges()
                for (appID, environment, _, _, _) in expired { counts.add(-1, appID: appID, environment: environment) }
                try await Self.apply(counts, connection, logger: logger)
                return (expired.count, candidates.count == limit || chosen.count < candidates.count)
            }
            deleted += batch
            if !more { break }
        }
        for try await _ in try await client.query("DELETE FROM erased_messages WHERE timestamp_ms < \(cutoff)", logger: logger) {}
        return deleted
    }
}

import Foundation
import Logging
import NIOCore
import PostgresNIO
import WaypointTools

extension PostgresStore: EventRepository {
    public func insertEvents(_ events: [StoredEvent], appID: AppID) async throws -> InsertResult {
        let appID = appID.rawValue
        // Rows are inserted in message id order, so that batches sharing ids take their locks in
        // the same order and never deadlock; `seq` is drawn in batch order first, so it still
        // records the order of arrival.
        let sorted = events.indices.sorted { events[$0].messageID < events[$1].messageID }
        let arrivals = sorted.map { Int64($0) }
        let messageIDs = sorted.map { events[$0].messageID }
        let userIDs = sorted.map { events[$0].userID }
        // An array holds no NULL here: `hasFlow` says which flow ids are given, "" included.
        let hasFlow = sorted.map { events[$0].flowID != nil }
        let flowIDs = sorted.map { events[$0].flowID ?? "" }
        let timestamps = sorted.map { events[$0].timestamp }
        let environments = sorted.map { events[$0].environment }
        let receivedAt = sorted.map { events[$0].receivedAt }
        let lines = sorted.map { events[$0].line }
        let hasWalkthrough = sorted.map { events[$0].walkthroughID != nil }
        let walkthroughIDs = sorted.map { events[$0].walkthroughID ?? "" }
        let logger = logger
        // By message id's bytes, as the unique key tells them apart (``ExactID``).
        var positions: [ExactID: Int] = [:]
        for (index, event) in events.enumerated() where positions[ExactID(event.messageID)] == nil { positions[ExactID(event.messageID)] = index }
        // One transaction: the answer comes after its COMMIT.
        let ledger = reportLedger
        try ledger.checkReady()
        let result = try await transaction { [positions] connection in
            try await Self.checkLedger(connection, ledger, logger: logger)
            // Waits for an erasure of the app's users in progress, so that an erased event
            // delivered again meets its kept id (see ``eraseUser(appID:userID:)``).
            try await connection.query("SELECT pg_advisory_xact_lock_shared(\(Self.erasureLock), hashtext(\(appID)))", logger: logger)
            var subjects: [ContributionUser: Set<ExactID>] = [:]
            var inserted: [(seq: Int64, index: Int, environment: String)] = []
            var insertedByUser: [ContributionUser: [(seq: Int64, line: String)]] = [:]
            for try await (seq, messageID, environment, user, flow, walkthrough) in try await connection.query(
                """
                INSERT INTO events (seq, app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line, walkthrough_id)
                SELECT s, \(appID), m, u, CASE WHEN h THEN f END, t, e, r, l, CASE WHEN hw THEN w END
                FROM (
                    SELECT nextval(pg_get_serial_sequence('events', 'seq')) AS s, *
                    FROM unnest(\(arrivals)::bigint[], \(messageIDs)::text[], \(userIDs)::text[], \(hasFlow)::boolean[],
                                \(flowIDs)::text[], \(timestamps)::bigint[], \(environments)::text[], \(receivedAt)::bigint[],
                                \(lines)::text[], \(hasWalkthrough)::boolean[], \(walkthroughIDs)::text[])
                        WITH ORDINALITY AS x(a, m, u, h, f, t, e, r, l, hw, w, n)
                    ORDER BY a
                ) AS y
                WHERE NOT EXISTS (SELECT 1 FROM erased_messages kept WHERE kept.app_id = \(appID) AND kept.message_id = y.m)
                ORDER BY n
                ON CONFLICT (app_id, message_id) DO NOTHING
                RETURNING seq, message_id, environment, user_id, flow_id, walkthrough_id
                """, logger: logger
            ).decode((Int64, String, String, String, String?, String?).self) {
                guard let index = positions[ExactID(messageID)] else { continue }
                inserted.append((seq, index, environment))
                if let subject = flow ?? walkthrough {
                    let contributor = ContributionUser(environment: environment, userID: user)
                    subjects[contributor, default: []].insert(ExactID(subject))
                    insertedByUser[contributor, default: []].append((seq, events[index].line))
                }
            }
            for user in insertedByUser.keys { insertedByUser[user]?.sort { $0.seq < $1.seq } }
            // The touched users' contributions, in this transaction (docs/ARCHITECTURE.md, "Report contributions in the stores");
            // the events beyond the limits are deleted again.
            let refused = try await Self.recomputeContributions(
                connection, appID: appID, subjects: subjects, inserted: insertedByUser, logger: logger)
            var counts = EventCountChanges()
            for event in inserted where refused[event.seq] == nil { counts.add(1, appID: appID, environment: event.environment) }
            try await Self.apply(counts, connection, logger: logger)
            let refusals = inserted.compactMap { event in refused[event.seq].map { InsertResult.Refusal(index: event.index, message: $0) } }
            return InsertResult(
                accepted: inserted.count - refusals.count, duplicates: events.count - inserted.count,
                refused: refusals.sorted { $0.index < $1.index })
        }
        return result
    }

    /// Adds each environment's change to its count of stored events.
    static func apply(_ counts: EventCountChanges, _ connection: PostgresConnection, logger: Logger) async throws {
        for change in counts.changes {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(change.appID)
            bindings.append(change.environment)
            bindings.append(Int64(change.number))
            try await connection.query(PostgresQuery(unsafeSQL: StoreSchema.addingToEventCount(in: .postgres), binds: bindings), logger: logger)
        }
    }

    public func eventCount(appID: AppID, environment: EnvironmentName) async throws -> Int {
        var count: Int64 = 0
        for try await events in try await client.query(
            "SELECT events FROM event_counts WHERE app_id = \(appID) AND environment = \(environment)", logger: logger
        ).decode(Int64.self) {
            count = events
        }
        return Int(count)
    }

    public func events(appID: AppID, environment: EnvironmentName?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage {
        let query = EventQuery.stored(appID: appID, environment: environment, timestamps: timestamps, after: cursor, limit: limit)
        var lines: [String] = []
        var last: Int64?
        for try await (seq, line) in try await rows(query).decode((Int64, String).self) {
            lines.append(line)
            last = seq
        }
        return EventPage(lines: lines, next: lines.count == limit ? last : nil)
    }

    public func eventsByUser(appID: AppID, environment: EnvironmentName?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
        let query = EventQuery.byUser(appID: appID, environment: environment, flowID: flowID, after: cursor, limit: limit)
        var lines: [String] = []
        var last: UserOrderCursor?
        for try await (user, timestamp, seq, line) in try await rows(query).decode((String, Int64, Int64, String).self) {
            lines.append(line)
            last = UserOrderCursor(userID: user, timestamp: timestamp, sequence: seq)
        }
        return UserOrderedPage(lines: lines, next: lines.count == limit ? last : nil)
    }

    public func flowIDs(appID: AppID, environment: EnvironmentName, limit: Int) async throws -> [String] {
        let statement = FlowIDsQuery(appID: appID, environment: environment, limit: max(limit, 1)).statement(in: .postgres)
        var ids: [String] = []
        for try await id in try await client.query(PostgresQuery(statement), logger: logger).decode(String.self) {
            ids.append(id)
        }
        return ids
    }

    /// The rows of `query`, rendered in ``SQLDialect/postgres``.
    private func rows(_ query: EventQuery) async throws -> PostgresRowSequence {
        try await client.query(PostgresQuery(query.statement(in: .postgres)), logger: logger)
    }
}

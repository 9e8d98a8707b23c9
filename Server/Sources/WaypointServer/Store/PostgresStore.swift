import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import WaypointTools

/// The store for more than one server process: PostgreSQL through PostgresNIO's connection pool.
///
/// Durability: every write is one transaction, answered only after PostgreSQL reports the COMMIT,
/// which (with the default `synchronous_commit = on`) has flushed the write-ahead log to disk.
/// Uniqueness of `(app, messageId)` is a constraint of the table, so it holds across processes.
public final class PostgresStore: Store, ReportLedgerStore {
    let client: BoundedPostgresClient
    let logger: Logger
    /// Chains each audit entry to the one before (``AuditChain``), with the key every server of the database shares.
    let auditChain: AuditChain
    /// Whether the report ledger was built by this server's report rules (read by ``migrate()``).
    public let reportLedger = ReportLedger()
    /// What ``checkConnection(timeout:)`` connects with: the pool's settings, on one connection.
    private let connectionConfiguration: PostgresConnection.Configuration

    /// The connection pool; it must run (as a service of the application) for queries to be answered.
    public var service: any Service { client.client }

    /// Connects to `postgres://user:password@host:port/database` (`?sslmode=require` for TLS); a
    /// request waits at most `connectionWait` for a connection, then fails with
    /// ``StoreError/storageUnavailable(_:)`` (see ``BoundedPostgresClient``). The audit log is
    /// chained with `auditKey`, which every server of the database must be given (``AuditKey``).
    public init(url: String, connectionWait: Duration = .seconds(2), auditKey: AuditKey, logger: Logger) throws {
        guard let components = URLComponents(string: url),
              components.scheme == "postgres" || components.scheme == "postgresql",
              let host = components.host, !host.isEmpty
        else {
            throw ConfigurationError("\"--database\" must be a URL such as postgres://waypoint:secret@127.0.0.1:5432/waypoint.")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let requireTLS = components.queryItems?.contains { $0.name == "sslmode" && $0.value == "require" } ?? false
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432,
            username: components.percentEncodedUser?.removingPercentEncoding ?? "postgres",
            password: components.percentEncodedPassword?.removingPercentEncoding,
            database: database.isEmpty ? nil : database,
            tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = 16
        configuration.options.connectTimeout = .seconds(5)
        self.client = BoundedPostgresClient(
            client: PostgresClient(configuration: configuration, backgroundLogger: logger), connectionWait: connectionWait)
        self.logger = logger
        self.auditChain = AuditChain(key: auditKey)
        var connection = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: configuration.username, password: configuration.password,
            database: configuration.database,
            tls: requireTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
        connection.options.connectTimeout = .seconds(5)
        self.connectionConfiguration = connection
    }

    /// Opens one connection and closes it, so a server that cannot be reached, or that refuses the
    /// user or the database, fails within `timeout` with a ``StoreError`` saying why.
    public func checkConnection(timeout: Duration = .seconds(5)) async throws {
        let configuration = connectionConfiguration
        let address = "\(configuration.host ?? "?"):\(configuration.port ?? 5432)"
        let logger = logger
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                    try await connection.close()
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw StoreError.cannotReachDatabase(address: address, reason: "no answer within \(timeout.components.seconds) seconds")
                }
                try await group.next()
                group.cancelAll()
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.cannotReachDatabase(address: address, reason: Self.reason(error))
        }
    }

    /// A connection failure in words: the system's for a network error, the server's for a refusal.
    private static func reason(_ error: any Error) -> String {
        let error = (error as? PSQLError)
        if let message = error?.serverInfo?[.message] { return message }
        switch error?.underlying {
        case let failure as IOError:
            return String(cString: strerror(failure.errnoCode))
        case let failure as NIOConnectionError:
            if let io = failure.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first {
                return String(cString: strerror(io.errnoCode))
            }
            return failure.dnsAAAAError != nil || failure.dnsAError != nil ? "the host name does not resolve" : "the connection failed"
        case is ChannelError:
            return "no answer within 5 seconds"
        default:
            return "the connection failed"
        }
    }

    /// Brings the schema up to date with ``StoreMigrations``, in one transaction under an advisory
    /// lock (servers starting together migrate once), recording each step's name; the pool must be running.
    public func migrate() async throws {
        let logger = logger
        let chain = auditChain
        let table = StoreMigrations.postgresStepsTable
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7469707001)", logger: logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE TABLE IF NOT EXISTS \(table) (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)"),
                logger: logger)
            var applied = try await Self.appliedSteps(connection, logger: logger)
            if applied.isEmpty { applied = try await Self.nameNumberedSteps(connection, logger: logger) }
            for step in StoreMigrations.steps where !applied.contains(step.name) {
                var answers: [String: Bool] = [:]
                for condition in Set(step.statements(.postgres).compactMap(\.onlyIf)) {
                    var found = false
                    for try await _ in try await connection.query(PostgresQuery(unsafeSQL: condition), logger: logger) { found = true }
                    answers[condition] = found
                }
                let statements = try StoreMigrations.chosen(step.statements(.postgres)) { answers[$0] ?? false }
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                switch step.work {
                case .rebuildContributions?: try await Self.rebuildContributions(connection, logger: logger)
                case .chainAuditLog?: try await Self.chainAuditLog(connection, chain: chain, logger: logger)
                case nil: break
                }
                let now = Timestamp.milliseconds(Date())
                try await connection.query(
                    PostgresQuery(unsafeSQL: "INSERT INTO \(table) (name, applied_at) VALUES ($1, $2)", binds: try Self.binds(step.name, now)),
                    logger: logger)
            }
        }
        reportLedger.note(stored: try await Self.ledgerVersion(client, logger: logger) ?? 0)
    }

    /// The names of the steps the database recorded.
    private static func appliedSteps(_ connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        var names: Set<String> = []
        for try await name in try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT name FROM \(StoreMigrations.postgresStepsTable)"), logger: logger
        ).decode(String.self) {
            names.insert(name)
        }
        return names
    }

    /// A database of the releases that recorded steps by number (`waypoint_migrations`, 1, 2, … in
    /// the list's order): records their names instead, and drops the numbers. Returns the names.
    private static func nameNumberedSteps(_ connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        var numbered = false
        for try await found in try await connection.query("SELECT to_regclass('waypoint_migrations') IS NOT NULL", logger: logger)
            .decode(Bool.self) {
            numbered = found
        }
        guard numbered else { return [] }
        var names: Set<String> = []
        for try await (version, appliedAt) in try await connection.query(
            "SELECT version, applied_at FROM waypoint_migrations ORDER BY version", logger: logger
        ).decode((Int, Int64).self) where version >= 1 && version <= StoreMigrations.steps.count {
            let name = StoreMigrations.steps[version - 1].name
            names.insert(name)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO \(StoreMigrations.postgresStepsTable) (name, applied_at) VALUES ($1, $2)",
                    binds: try binds(name, appliedAt)),
                logger: logger)
        }
        try await connection.query("DROP TABLE waypoint_migrations", logger: logger)
        return names
    }

    private static func binds(_ name: String, _ time: Int64) throws -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(name)
        binds.append(time)
        return binds
    }

    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws {
        let logger = logger
        let chain = auditChain
        try await transaction { connection in
            let created = Timestamp.milliseconds(app.createdAt)
            let rows = try await connection.query(
                "INSERT INTO apps (id, name, created_at) VALUES (\(app.id), \(app.name), \(created)) ON CONFLICT (id) DO NOTHING RETURNING id",
                logger: logger)
            var inserted = false
            for try await _ in rows { inserted = true }
            guard inserted else {
                throw StoreError.appExists(appID: app.id)
            }
            for environment in environments {
                try await connection.query("INSERT INTO environments (app_id, name) VALUES (\(app.id), \(environment.name))", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at)
                    VALUES (\(environment.keyHash), \(environment.keyPrefix), \(app.id), \(environment.name), \(created))
                    """,
                    logger: logger)
            }
            try await Self.append(audit, connection, chain: chain, logger: logger)
        }
    }

    public func app(id: String) async throws -> AppRecord? {
        let rows = try await client.query("SELECT id, name, created_at FROM apps WHERE id = \(id)", logger: logger)
        for try await (id, name, created) in rows.decode((String, String, Int64).self) {
            return AppRecord(id: id, name: name, createdAt: Timestamp.date(milliseconds: created))
        }
        return nil
    }

    public func apps() async throws -> [AppRecord] {
        let rows = try await client.query("SELECT id, name, created_at FROM apps ORDER BY id", logger: logger)
        var apps: [AppRecord] = []
        for try await (id, name, created) in rows.decode((String, String, Int64).self) {
            apps.append(AppRecord(id: id, name: name, createdAt: Timestamp.date(milliseconds: created)))
        }
        return apps
    }

    public func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(Timestamp.milliseconds(recentSince))
        bindings.append(appID)
        let query = PostgresQuery(unsafeSQL: StoreSchema.environmentSummariesStatement(in: .postgres), binds: bindings)
        var summaries: [EnvironmentSummary] = []
        for try await (name, published, last, recent) in try await client.query(query, logger: logger).decode((String, Int?, Int64?, Int64).self) {
            summaries.append(EnvironmentSummary(name: name, publishedRevision: published, lastEventAt: last, recentEvents: Int(recent)))
        }
        return summaries
    }

    public func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            // Locks the app's row: revision numbers stay 1, 2, … even with uploads through several servers,
            // and no other upload of the same bytes runs between the lookup below and the insert.
            try await connection.query("SELECT id FROM apps WHERE id = \(appID) FOR UPDATE", logger: logger)
            var existing: Int?
            for try await (number, stored) in try await connection.query(
                "SELECT number, body FROM revisions WHERE app_id = \(appID) AND sha256 = \(sha256) ORDER BY number", logger: logger
            ).decode((Int, ByteBuffer).self) where existing == nil && Array(stored.readableBytesView) == body {
                existing = number
            }
            if let existing {
                let added = AddedRevision(revision: existing, existing: true)
                try await Self.append(audit?(added), connection, chain: chain, logger: logger)
                return added
            }
            var next = 1
            for try await value in try await connection.query(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE app_id = \(appID)", logger: logger
            ).decode(Int.self) {
                next = value
            }
            let created = Timestamp.milliseconds(createdAt)
            let bytes = ByteBuffer(bytes: body)
            try await connection.query(
                "INSERT INTO revisions (app_id, number, sha256, body, created_at) VALUES (\(appID), \(next), \(sha256), \(bytes), \(created))",
                logger: logger)
            let added = AddedRevision(revision: next, existing: false)
            try await Self.append(audit?(added), connection, chain: chain, logger: logger)
            return added
        }
    }

    public func revisions(appID: String) async throws -> [RevisionSummary] {
        var published: [Int: [String]] = [:]
        for try await (name, revision) in try await client.query(
            "SELECT name, published_revision FROM environments WHERE app_id = \(appID) AND published_revision IS NOT NULL ORDER BY name",
            logger: logger
        ).decode((String, Int).self) {
            published[revision, default: []].append(name)
        }
        var summaries: [RevisionSummary] = []
        for try await (number, sha256, created) in try await client.query(
            "SELECT number, sha256, created_at FROM revisions WHERE app_id = \(appID) ORDER BY number", logger: logger
        ).decode((Int, String, Int64).self) {
            summaries.append(RevisionSummary(
                revision: number, sha256: sha256, createdAt: Timestamp.date(milliseconds: created),
                publishedTo: published[number] ?? []))
        }
        return summaries
    }

    public func revision(appID: String, number: Int) async throws -> RevisionRecord? {
        for try await (revision, sha256, body) in try await client.query(
            "SELECT number, sha256, body FROM revisions WHERE app_id = \(appID) AND number = \(number)", logger: logger
        ).decode((Int, String, ByteBuffer).self) {
            return RevisionRecord(revision: revision, sha256: sha256, body: Array(body.readableBytesView))
        }
        return nil
    }

    public func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            var found = false
            var previous: Int?
            for try await value in try await connection.query(
                "SELECT published_revision FROM environments WHERE app_id = \(appID) AND name = \(environment) FOR UPDATE", logger: logger
            ).decode(Int?.self) {
                found = true
                previous = value
            }
            guard found else {
                throw StoreError.noEnvironment(appID: appID, environment: environment)
            }
            var exists = false
            for try await _ in try await connection.query(
                "SELECT 1 FROM revisions WHERE app_id = \(appID) AND number = \(revision)", logger: logger) {
                exists = true
            }
            guard exists else {
                throw StoreError.noRevision(appID: appID, revision: revision)
            }
            try await connection.query(
                "UPDATE environments SET published_revision = \(revision) WHERE app_id = \(appID) AND name = \(environment)", logger: logger)
            let publishedAt = Timestamp.milliseconds(now)
            try await connection.query(
                """
                INSERT INTO publications (app_id, environment, revision, published_at)
                VALUES (\(appID), \(environment), \(revision), \(publishedAt))
                """, logger: logger)
            try await Self.append(audit?(previous), connection, chain: chain, logger: logger)
            return previous
        }
    }

    public func publications(appID: String, environment: String) async throws -> [PublicationRecord] {
        var records: [PublicationRecord] = []
        for try await (revision, publishedAt) in try await client.query(
            """
            SELECT revision, published_at FROM publications WHERE app_id = \(appID) AND environment = \(environment)
            ORDER BY published_at DESC, seq DESC
            """, logger: logger
        ).decode((Int, Int64).self) {
            records.append(PublicationRecord(environment: environment, revision: revision, publishedAt: Timestamp.date(milliseconds: publishedAt)))
        }
        return records
    }

    public func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? {
        for try await (revision, sha256, body) in try await client.query(
            """
            SELECT r.number, r.sha256, r.body FROM environments e
            JOIN revisions r ON r.app_id = e.app_id AND r.number = e.published_revision
            WHERE e.app_id = \(appID) AND e.name = \(environment)
            """, logger: logger
        ).decode((Int, String, ByteBuffer).self) {
            return RevisionRecord(revision: revision, sha256: sha256, body: Array(body.readableBytesView))
        }
        return nil
    }

    public func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult {
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

    public func eventCount(appID: String, environment: String) async throws -> Int {
        var count: Int64 = 0
        for try await events in try await client.query(
            "SELECT events FROM event_counts WHERE app_id = \(appID) AND environment = \(environment)", logger: logger
        ).decode(Int64.self) {
            count = events
        }
        return Int(count)
    }

    public func events(appID: String, environment: String?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage {
        let query = EventQuery.stored(appID: appID, environment: environment, timestamps: timestamps, after: cursor, limit: limit)
        var lines: [String] = []
        var last: Int64?
        for try await (seq, line) in try await rows(query).decode((Int64, String).self) {
            lines.append(line)
            last = seq
        }
        return EventPage(lines: lines, next: lines.count == limit ? last : nil)
    }

    public func eventsByUser(appID: String, environment: String?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
        let query = EventQuery.byUser(appID: appID, environment: environment, flowID: flowID, after: cursor, limit: limit)
        var lines: [String] = []
        var last: UserOrderCursor?
        for try await (user, timestamp, seq, line) in try await rows(query).decode((String, Int64, Int64, String).self) {
            lines.append(line)
            last = UserOrderCursor(userID: user, timestamp: timestamp, sequence: seq)
        }
        return UserOrderedPage(lines: lines, next: lines.count == limit ? last : nil)
    }

    public func flowIDs(appID: String, environment: String, limit: Int) async throws -> [String] {
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

    public func close() async throws {}

    // MARK: Readiness

    public func checkStorage() async throws {
        try reportLedger.checkReady()
        let stored: Int?
        do {
            stored = try await Self.ledgerVersion(client, logger: logger)
        } catch {
            throw StoreError(storageFailure: error) ?? StoreError.storageUnavailable(StoreError.postgresLost("\(error)"))
        }
        // Another server may have rebuilt the ledger, or a later release taken the database over.
        try reportLedger.check(stored: stored)
    }

    // MARK: SDK keys

    public func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? {
        let now = Timestamp.milliseconds(now)
        let rows = try await client.query(
            """
            SELECT app_id, environment, key_hash, prefix, expires_at FROM sdk_keys
            WHERE key_hash = \(keyHash) AND (expires_at IS NULL OR expires_at > \(now))
            """, logger: logger)
        for try await (app, name, hash, prefix, expires) in rows.decode((String, String, String, String, Int64?).self) {
            return EnvironmentRecord(
                appID: app, name: name, keyHash: hash, keyPrefix: prefix, keyExpiresAt: expires.map(Timestamp.date(milliseconds:)))
        }
        return nil
    }

    public func keys(appID: String, environment: String) async throws -> [SDKKeySummary] {
        let logger = logger
        return try await transaction { connection in
            try await Self.keys(connection, appID: appID, environment: environment, lock: false, logger: logger)
        }
    }

    public func rotateKey(
        appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            // Locks the environment's row: rotations through several servers run one after another.
            let keys = try await Self.keys(connection, appID: appID, environment: environment, lock: true, logger: logger)
            if keys.contains(where: { $0.prefix == prefix }) {
                throw StoreError.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix)
            }
            let until = Timestamp.milliseconds(previousUntil)
            let created = Timestamp.milliseconds(now)
            try await connection.query(
                """
                UPDATE sdk_keys SET expires_at = \(until)
                WHERE app_id = \(appID) AND environment = \(environment) AND (expires_at IS NULL OR expires_at > \(until))
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at)
                VALUES (\(keyHash), \(prefix), \(appID), \(environment), \(created))
                """, logger: logger)
            let after = try await Self.keys(connection, appID: appID, environment: environment, lock: false, logger: logger)
            try await Self.append(audit?(after), connection, chain: chain, logger: logger)
            return after
        }
    }

    public func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            let keys = try await Self.keys(connection, appID: appID, environment: environment, lock: true, logger: logger)
            guard var key = keys.first(where: { $0.prefix == prefix }) else {
                throw StoreError.noKey(appID: appID, environment: environment, prefix: prefix)
            }
            guard let expires = key.expiresAt else {
                throw StoreError.currentKey(appID: appID, environment: environment, prefix: prefix)
            }
            let ended = Timestamp.milliseconds(now)
            // A key that had ended already is left as it was, and the log records nothing.
            guard Timestamp.milliseconds(expires) > ended else { return key }
            try await connection.query(
                "UPDATE sdk_keys SET expires_at = \(ended) WHERE app_id = \(appID) AND environment = \(environment) AND prefix = \(prefix)",
                logger: logger)
            key.expiresAt = Timestamp.date(milliseconds: ended)
            try await Self.append(audit?(key), connection, chain: chain, logger: logger)
            return key
        }
    }

    /// An environment's keys, oldest first, its row locked when `lock`; throws
    /// ``StoreError/noEnvironment(appID:environment:)``.
    private static func keys(
        _ connection: PostgresConnection, appID: String, environment: String, lock: Bool, logger: Logger
    ) async throws -> [SDKKeySummary] {
        var found = false
        let locking = lock ? " FOR UPDATE" : ""
        for try await _ in try await connection.query(
            "SELECT 1 FROM environments WHERE app_id = \(appID) AND name = \(environment)\(unescaped: locking)", logger: logger) {
            found = true
        }
        guard found else { throw StoreError.noEnvironment(appID: appID, environment: environment) }
        var keys: [SDKKeySummary] = []
        for try await (prefix, created, expires) in try await connection.query(
            """
            SELECT prefix, created_at, expires_at FROM sdk_keys WHERE app_id = \(appID) AND environment = \(environment)
            ORDER BY created_at, expires_at IS NULL, prefix
            """, logger: logger
        ).decode((String, Int64, Int64?).self) {
            keys.append(SDKKeySummary(
                prefix: prefix, createdAt: Timestamp.date(milliseconds: created), expiresAt: expires.map(Timestamp.date(milliseconds:))))
        }
        return keys
    }

    /// Runs `body` in a transaction; a ``StoreError`` thrown inside comes out as it is.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            if let storeError = error.closureError as? StoreError { throw storeError }
            throw error
        }
    }
}

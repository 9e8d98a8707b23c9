import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The embedded store: SQLite through GRDB, in write-ahead-log mode.
///
/// Durability: every write is one transaction, and `synchronous = FULL` makes SQLite `fsync` the
/// write-ahead log at each commit, so a batch of events that was answered with 200 survives a
/// crash of the process or of the machine. Uniqueness of `(app, messageId)` is a constraint of
/// the table, so it holds for every process that opens the file.
public final class SQLiteStore: Store, ReportLedgerStore {
    let pool: DatabasePool
    /// The data folder, for the readiness check's words and its free-space check.
    private let directory: URL
    /// Chains each audit entry to the one before (``AuditChain``).
    let auditChain: AuditChain
    /// Whether the report ledger was built by this server's report rules.
    public let reportLedger = ReportLedger()

    /// How many pages the write-ahead log grows by before SQLite copies it into the database.
    static let checkpointPages = 10_000

    /// Opens (creating when needed) `DIRECTORY/waypoint.sqlite` and brings its schema up to date.
    ///
    /// A folder it creates is private to its owner (0700), and the database files are made 0600
    /// (SQLite creates the `-wal` and `-shm` files with the database file's mode). Writing is
    /// checked at once, so a folder that cannot be written fails here rather than at the first request.
    ///
    /// The audit log is chained with `auditKey`, or else with the key of `DIRECTORY/audit.key`,
    /// made at the first start (``AuditKey``).
    public convenience init(directory: URL, auditKey: AuditKey? = nil) throws {
        try self.init(directory: directory, maxPageCount: nil, auditKey: auditKey)
    }

    /// Opens the database as ``init(directory:auditKey:)`` does; with `maxPageCount`, every connection caps
    /// the file at that many pages, as a full disk would (the tests' way to fill it).
    init(directory: URL, maxPageCount: Int?, auditKey: AuditKey? = nil) throws {
        try Self.prepareFolder(directory)
        self.directory = directory
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            if let maxPageCount { try db.execute(sql: "PRAGMA max_page_count = \(maxPageCount)") }
            // Deleted rows are overwritten with zeros, not left in free space (erasure and retention).
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // The log is copied into the database every 10,000 pages (40 MB) rather than SQLite's
            // 1,000: a page that batches of events change again and again (a report cell, an
            // index's inner page) is copied once per checkpoint, so ingestion writes less.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
        }
        let path = directory.appendingPathComponent("waypoint.sqlite").path
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // The pool turns its writer to `synchronous = NORMAL` when it sets up the log, after
            // `prepareDatabase`: without this, a commit would not reach the disk before its answer.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            let key = try auditKey ?? AuditKey.dataFolderKey(directory) {
                try pool.read { db in
                    try db.tableExists("audit_log") && db.columns(in: "audit_log").contains { $0.name == "chain" }
                        && Bool.fetchOne(db, sql: "SELECT 1 FROM audit_log WHERE chain IS NOT NULL LIMIT 1") == true
                }
            }
            let chain = AuditChain(key: key)
            auditChain = chain
            try Self.migrator(chain: chain).migrate(pool)
            let ledgerVersion = try pool.read { db in try Int.fetchOne(db, sql: StoreSchema.reportLedgerVersionQuery) }
            reportLedger.note(stored: ledgerVersion ?? 0)
            // Rewrites the header's user version with its own value: a real write, which fails
            // on a database file that can only be read.
            try pool.write { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw StoreError.cannotOpenDatabase(path: path, reason: "\(error)")
        }
        self.pool = pool
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = chmod(path + suffix, 0o600)
        }
    }

    /// Creates `directory` (0700) when it does not exist, and checks that a file can be written in it.
    private static func prepareFolder(_ directory: URL) throws {
        let path = directory.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw StoreError.cannotCreateFolder(path: path, reason: "a file is there, not a folder")
            }
        } else {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotCreateFolder(path: path, reason: Self.reason(creating: directory))
            }
        }
        let probe = directory.appendingPathComponent(".waypoint-write-check-\(getpid())").path
        let descriptor = open(probe, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotWriteFolder(path: path, reason: String(cString: strerror(errno)))
        }
        let written = write(descriptor, "ok", 2)
        let failure = written == 2 ? nil : String(cString: strerror(errno))
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
        unlink(probe)
        if let failure { throw StoreError.cannotWriteFolder(path: path, reason: failure) }
    }

    /// Why `directory` cannot be created, in the system's words: the first ancestor that is a file,
    /// or the error of `mkdir` on the deepest missing folder.
    private static func reason(creating directory: URL) -> String {
        var missing = directory.standardizedFileURL
        while !FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path), missing.pathComponents.count > 1 {
            missing = missing.deletingLastPathComponent()
        }
        let parent = missing.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(parent) is a file, not a folder"
        }
        if mkdir(missing.path, 0o700) == 0 {
            rmdir(missing.path)
            return "the folder could not be created"
        }
        return String(cString: strerror(errno))
    }

    /// ``StoreMigrations``' steps, for GRDB's migrator.
    private static func migrator(chain: AuditChain) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in StoreMigrations.steps {
            migrator.registerMigration(step.name) { db in
                let statements = try StoreMigrations.chosen(step.statements(.sqlite)) { query in try Row.fetchOne(db, sql: query) != nil }
                for statement in statements { try db.execute(sql: statement) }
                switch step.work {
                case .rebuildContributions?: try SQLiteStore.rebuildContributions(db)
                case .chainAuditLog?: try SQLiteStore.chainAuditLog(db, chain: chain)
                case nil: break
                }
            }
        }
        return migrator
    }

    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws {
        try await pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM apps WHERE id = ?", arguments: [app.id]) == true {
                throw StoreError.appExists(appID: app.id)
            }
            let created = Timestamp.milliseconds(app.createdAt)
            try db.execute(sql: "INSERT INTO apps (id, name, created_at) VALUES (?, ?, ?)", arguments: [app.id, app.name, created])
            for environment in environments {
                try db.execute(sql: "INSERT INTO environments (app_id, name) VALUES (?, ?)", arguments: [app.id, environment.name])
                try db.execute(sql: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [environment.keyHash, environment.keyPrefix, app.id, environment.name, created])
            }
            try self.appendChained(audit, db)
        }
    }

    public func app(id: String) async throws -> AppRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, created_at FROM apps WHERE id = ?", arguments: [id]).map { row in
                AppRecord(id: row[0], name: row[1], createdAt: Timestamp.date(milliseconds: row[2]))
            }
        }
    }

    public func apps() async throws -> [AppRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM apps ORDER BY id").map { row in
                AppRecord(id: row[0], name: row[1], createdAt: Timestamp.date(milliseconds: row[2]))
            }
        }
    }

    public func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSchema.environmentSummariesStatement(in: .sqlite),
                             arguments: [Timestamp.milliseconds(recentSince), appID]).map { row in
                EnvironmentSummary(name: row[0], publishedRevision: row[1], lastEventAt: row[2], recentEvents: row[3])
            }
        }
    }

    public func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision {
        try await pool.write { db in
            // Writes are serialized: no other upload runs between this lookup and the insert.
            let same = try Row.fetchAll(db, sql: "SELECT number, body FROM revisions WHERE app_id = ? AND sha256 = ? ORDER BY number",
                                        arguments: [appID, sha256])
            if let existing = same.first(where: { row in [UInt8](row[1] as Data) == body }) {
                let added = AddedRevision(revision: existing[0], existing: true)
                try self.appendChained(audit?(added), db)
                return added
            }
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE app_id = ?", arguments: [appID]) ?? 1
            try db.execute(sql: "INSERT INTO revisions (app_id, number, sha256, body, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [appID, next, sha256, Data(body), Timestamp.milliseconds(createdAt)])
            let added = AddedRevision(revision: next, existing: false)
            try self.appendChained(audit?(added), db)
            return added
        }
    }

    public func revisions(appID: String) async throws -> [RevisionSummary] {
        try await pool.read { db in
            let published = try Row.fetchAll(db, sql: """
                SELECT name, published_revision FROM environments
                WHERE app_id = ? AND published_revision IS NOT NULL ORDER BY name
                """, arguments: [appID])
            var environments: [Int: [String]] = [:]
            for row in published {
                environments[row[1], default: []].append(row[0])
            }
            return try Row.fetchAll(db, sql: "SELECT number, sha256, created_at FROM revisions WHERE app_id = ? ORDER BY number",
                                    arguments: [appID]).map { row in
                let number: Int = row[0]
                return RevisionSummary(revision: number, sha256: row[1], createdAt: Timestamp.date(milliseconds: row[2]), publishedTo: environments[number] ?? [])
            }
        }
    }

    public func revision(appID: String, number: Int) async throws -> RevisionRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT number, sha256, body FROM revisions WHERE app_id = ? AND number = ?",
                             arguments: [appID, number]).map(Self.revisionRecord)
        }
    }

    public func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? {
        try await pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT published_revision FROM environments WHERE app_id = ? AND name = ?",
                                             arguments: [appID, environment]) else {
                throw StoreError.noEnvironment(appID: appID, environment: environment)
            }
            let previous: Int? = row[0]
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM revisions WHERE app_id = ? AND number = ?", arguments: [appID, revision]) == true else {
                throw StoreError.noRevision(appID: appID, revision: revision)
            }
            try db.execute(sql: "UPDATE environments SET published_revision = ? WHERE app_id = ? AND name = ?",
                           arguments: [revision, appID, environment])
            try db.execute(sql: "INSERT INTO publications (app_id, environment, revision, published_at) VALUES (?, ?, ?, ?)",
                           arguments: [appID, environment, revision, Timestamp.milliseconds(now)])
            try self.appendChained(audit?(previous), db)
            return previous
        }
    }

    public func publications(appID: String, environment: String) async throws -> [PublicationRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT revision, published_at FROM publications WHERE app_id = ? AND environment = ?
                ORDER BY published_at DESC, seq DESC
                """, arguments: [appID, environment]).map { row in
                PublicationRecord(environment: environment, revision: row[0], publishedAt: Timestamp.date(milliseconds: row[1]))
            }
        }
    }

    public func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT r.number, r.sha256, r.body FROM environments e
                JOIN revisions r ON r.app_id = e.app_id AND r.number = e.published_revision
                WHERE e.app_id = ? AND e.name = ?
                """, arguments: [appID, environment]).map(Self.revisionRecord)
        }
    }

    public func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult {
        // Reading and parsing the users' events runs on a reader, beside the one writer
        // (docs/ARCHITECTURE.md, "Report contributions in the stores").
        try reportLedger.checkReady()
        let prepared = try await pool.read { db in try Self.prepareContributions(db, appID: appID, events: events) }
        return try await insertEvents(events, appID: appID, prepared: prepared)
    }

    /// Inserts `events` in one write transaction, with contributions `prepared` from a snapshot
    /// taken before it (any snapshot: a user whose events changed since is recomputed).
    func insertEvents(_ events: [StoredEvent], appID: String, prepared: PreparedContributions) async throws -> InsertResult {
        try reportLedger.checkReady()
        return try await pool.write { db in
            try self.checkLedger(db)
            let statement = try db.cachedStatement(sql: """
                INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line, walkthrough_id)
                SELECT ?1, ?2, ?, ?, ?, ?, ?, ?, ?
                WHERE NOT EXISTS (SELECT 1 FROM erased_messages WHERE app_id = ?1 AND message_id = ?2)
                ON CONFLICT (app_id, message_id) DO NOTHING
                """)
            var inserted: [(event: StoredEvent, seq: Int64)] = []
            var positions: [Int64: Int] = [:]
            for (index, event) in events.enumerated() {
                // The message id of an erased event stays a duplicate (see ``Store/eraseUser(appID:userID:)``).
                try statement.execute(arguments: [
                    appID, event.messageID, event.userID, event.flowID, event.timestamp, event.environment, event.receivedAt, event.line,
                    event.walkthroughID,
                ])
                if db.changesCount > 0 {
                    inserted.append((event, db.lastInsertedRowID))
                    positions[db.lastInsertedRowID] = index
                }
            }
            // The touched users' contributions, in this transaction (docs/ARCHITECTURE.md, "Report contributions in the stores").
            let refused = try Self.recomputeContributions(db, appID: appID, inserted: inserted, prepared: prepared)
            var counts = EventCountChanges()
            for (event, seq) in inserted where refused[seq] == nil { counts.add(1, appID: appID, environment: event.environment) }
            try Self.apply(counts, db)
            let refusals = refused.compactMap { seq, message in positions[seq].map { InsertResult.Refusal(index: $0, message: message) } }
            return InsertResult(
                accepted: inserted.count - refused.count, duplicates: events.count - inserted.count,
                refused: refusals.sorted { $0.index < $1.index })
        }
    }

    /// Adds each environment's change to its count of stored events.
    static func apply(_ counts: EventCountChanges, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: StoreSchema.addingToEventCount(in: .sqlite))
        for change in counts.changes {
            try statement.execute(arguments: [change.appID, change.environment, change.number])
        }
    }

    public func eventCount(appID: String, environment: String) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT events FROM event_counts WHERE app_id = ? AND environment = ?", arguments: [appID, environment]) ?? 0
        }
    }

    public func events(appID: String, environment: String?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage {
        let page = try await page(EventQuery.stored(appID: appID, environment: environment, timestamps: timestamps, after: cursor, limit: limit)) { row -> Int64 in row[0] }
        return EventPage(lines: page.lines, next: page.next)
    }

    public func eventsByUser(appID: String, environment: String?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage {
        let query = EventQuery.byUser(appID: appID, environment: environment, flowID: flowID, after: cursor, limit: limit)
        let page = try await page(query) { row in UserOrderCursor(userID: row[0], timestamp: row[1], sequence: row[2]) }
        return UserOrderedPage(lines: page.lines, next: page.next)
    }

    public func flowIDs(appID: String, environment: String, limit: Int) async throws -> [String] {
        let statement = FlowIDsQuery(appID: appID, environment: environment, limit: max(limit, 1)).statement(in: .sqlite)
        return try await pool.read { db in
            try String.fetchAll(db, sql: statement.text, arguments: statement.arguments)
        }
    }

    /// The lines of `query` (the last column of its rows) and, when the page is full, where the
    /// next one starts, which `position` reads from the last row.
    private func page<Position: Sendable>(
        _ query: EventQuery, position: @escaping @Sendable (Row) -> Position
    ) async throws -> (lines: [String], next: Position?) {
        let statement = query.statement(in: .sqlite)
        let line = query.columns.count - 1
        return try await pool.read { db in
            // A cursor, not an array of rows: each line is copied out once, straight into the page.
            let rows = try Row.fetchCursor(db, sql: statement.text, arguments: statement.arguments)
            var lines: [String] = []
            lines.reserveCapacity(query.limit)
            var next: Position?
            while let row = try rows.next() {
                lines.append(row[line])
                if lines.count == query.limit { next = position(row) }
            }
            return (lines, next)
        }
    }

    public func close() async throws {
        try pool.close()
    }

    // MARK: Readiness

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
        var status = statvfs()
        if statvfs(directory.path, &status) == 0 {
            let available = UInt64(status.f_bavail) * UInt64(status.f_frsize)
            if available < Self.minimumFreeBytes {
                throw StoreError.storageFull(
                    "The disk that holds \(directory.path) has \(available / 1024) KiB free, so events cannot be stored. "
                        + "Free space on that disk; the server stores again by itself once there is room.")
            }
        }
    }

    // MARK: SDK keys

    public func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT app_id, environment, key_hash, prefix, expires_at FROM sdk_keys
                WHERE key_hash = ? AND (expires_at IS NULL OR expires_at > ?)
                """, arguments: [keyHash, Timestamp.milliseconds(now)]).map { row in
                EnvironmentRecord(
                    appID: row[0], name: row[1], keyHash: row[2], keyPrefix: row[3],
                    keyExpiresAt: (row[4] as Int64?).map(Timestamp.date(milliseconds:)))
            }
        }
    }

    public func keys(appID: String, environment: String) async throws -> [SDKKeySummary] {
        try await pool.read { db in try Self.keys(db, appID: appID, environment: environment) }
    }

    public func rotateKey(
        appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] {
        try await pool.write { db in
            // Writes are serialized: no other rotation runs between these statements.
            _ = try Self.keys(db, appID: appID, environment: environment)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sdk_keys WHERE app_id = ? AND environment = ? AND prefix = ?",
                                 arguments: [appID, environment, prefix]) == true {
                throw StoreError.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix)
            }
            let until = Timestamp.milliseconds(previousUntil)
            try db.execute(sql: """
                UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND (expires_at IS NULL OR expires_at > ?)
                """, arguments: [until, appID, environment, until])
            try db.execute(sql: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [keyHash, prefix, appID, environment, Timestamp.milliseconds(now)])
            let keys = try Self.keys(db, appID: appID, environment: environment)
            try self.appendChained(audit?(keys), db)
            return keys
        }
    }

    public func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary {
        try await pool.write { db in
            let keys = try Self.keys(db, appID: appID, environment: environment)
            guard var key = keys.first(where: { $0.prefix == prefix }) else {
                throw StoreError.noKey(appID: appID, environment: environment, prefix: prefix)
            }
            guard key.expiresAt != nil else {
                throw StoreError.currentKey(appID: appID, environment: environment, prefix: prefix)
            }
            let ended = Timestamp.milliseconds(now)
            try db.execute(sql: "UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND prefix = ? AND expires_at > ?",
                           arguments: [ended, appID, environment, prefix, ended])
            // A key that had ended already is left as it was, and the log records nothing.
            guard db.changesCount > 0 else { return key }
            key.expiresAt = Timestamp.date(milliseconds: ended)
            try self.appendChained(audit?(key), db)
            return key
        }
    }

    /// An environment's keys, oldest first; throws ``StoreError/noEnvironment(appID:environment:)``.
    private static func keys(_ db: Database, appID: String, environment: String) throws -> [SDKKeySummary] {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM environments WHERE app_id = ? AND name = ?", arguments: [appID, environment]) == true else {
            throw StoreError.noEnvironment(appID: appID, environment: environment)
        }
        return try Row.fetchAll(db, sql: """
            SELECT prefix, created_at, expires_at FROM sdk_keys WHERE app_id = ? AND environment = ? ORDER BY created_at, expires_at IS NULL, prefix
            """, arguments: [appID, environment]).map { row in
            SDKKeySummary(prefix: row[0], createdAt: Timestamp.date(milliseconds: row[1]), expiresAt: (row[2] as Int64?).map(Timestamp.date(milliseconds:)))
        }
    }

    private static func revisionRecord(_ row: Row) -> RevisionRecord {
        let body: Data = row[2]
        return RevisionRecord(revision: row[0], sha256: row[1], body: [UInt8](body))
    }
}

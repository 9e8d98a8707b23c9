import Foundation
import GRDB
import Logging
import Testing
import WaypointTools
@testable import WaypointServer

/// The one description of the schema: what each store builds from it, and databases made by the
/// earlier release, which wrote each store's schema out by hand.
@Suite("Store schema")
struct StoreSchemaTests {
    /// The SQLite schema of the earlier release, exactly as it created it.
    static let earlierSQLite = """
        CREATE TABLE apps (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE revisions (
            app_id TEXT NOT NULL REFERENCES apps(id),
            number INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            body BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (app_id, number)
        );
        CREATE TABLE environments (
            app_id TEXT NOT NULL REFERENCES apps(id),
            name TEXT NOT NULL,
            key_hash TEXT NOT NULL UNIQUE,
            published_revision INTEGER,
            PRIMARY KEY (app_id, name)
        );
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            app_id TEXT NOT NULL,
            message_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            flow_id TEXT,
            timestamp_ms INTEGER NOT NULL,
            environment TEXT NOT NULL,
            received_at_ms INTEGER NOT NULL,
            line TEXT NOT NULL,
            UNIQUE (app_id, message_id)
        );
        CREATE INDEX events_by_app ON events(app_id);
        CREATE INDEX events_by_flow_user ON events(app_id, flow_id, user_id, timestamp_ms);
        """

    /// The PostgreSQL schema of the earlier release (migration 1), exactly as it created it.
    static let earlierPostgres = """
        CREATE TABLE waypoint_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL);
        CREATE TABLE apps (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE TABLE revisions (
            app_id TEXT NOT NULL REFERENCES apps(id),
            number INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            body BYTEA NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (app_id, number)
        );
        CREATE TABLE environments (
            app_id TEXT NOT NULL REFERENCES apps(id),
            name TEXT NOT NULL,
            key_hash TEXT NOT NULL UNIQUE,
            published_revision INTEGER,
            PRIMARY KEY (app_id, name)
        );
        CREATE TABLE events (
            seq BIGSERIAL PRIMARY KEY,
            app_id TEXT NOT NULL,
            message_id TEXT NOT NULL,
            user_id TEXT COLLATE "C" NOT NULL,
            flow_id TEXT,
            timestamp_ms BIGINT NOT NULL,
            environment TEXT NOT NULL,
            received_at_ms BIGINT NOT NULL,
            line TEXT NOT NULL,
            UNIQUE (app_id, message_id)
        );
        CREATE INDEX events_by_app ON events (app_id, seq);
        CREATE INDEX events_by_flow_user ON events (app_id, flow_id, user_id, timestamp_ms, seq);
        INSERT INTO waypoint_migrations (version, applied_at) VALUES (1, 1700000000000);
        """

    /// What the earlier release had stored: an app, a published revision and events of two flows.
    static let earlierData = """
        INSERT INTO apps (id, name, created_at) VALUES ('fitness', 'Fitness', 1700000000000);
        INSERT INTO environments (app_id, name, key_hash, published_revision) VALUES ('fitness', 'production', 'hash-p', 1);
        INSERT INTO environments (app_id, name, key_hash) VALUES ('fitness', 'staging', 'hash-s');
        INSERT INTO revisions (app_id, number, sha256, body, created_at) VALUES ('fitness', 1, 'h1', 'abc', 1700000000500);
        INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line)
            VALUES ('fitness', 'm1', 'u2', 'signup', 5, 'production', 9, 'line m1'),
                   ('fitness', 'm2', 'u1', 'signup', 7, 'production', 9, 'line m2'),
                   ('fitness', 'm3', 'u1', NULL, 1, 'production', 9, 'line m3'),
                   ('fitness', 'm4', 'u1', 'signup', 7, 'production', 9, 'line m4');
        """

    /// A store opened on the earlier release's database answers as before and takes new events.
    static func checkAnswers(_ store: TestDatabase) async throws {
        // Its ledger was built by the first report rules: the server's start rebuilds it.
        #expect(store.reportLedger.phase == (ReportRules.version == 1 ? .current : .outdated(stored: 1)))
        try await store.rebuildReportLedger(logger: Logger(label: "schema-tests"))
        #expect(store.reportLedger.phase == .current)
        let app = try #require(try await store.apps.app(id: "fitness"))
        #expect(app.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        // Each environment's key works as before, named by its hash; keys rotate and end as for a new database.
        let staging = try #require(try await store.apps.environment(keyHash: "hash-s", at: Date()))
        #expect(staging == EnvironmentRecord(appID: "fitness", name: "staging", keyHash: "hash-s", keyPrefix: "sha256-hash-s"))
        #expect(try await store.apps.keys(appID: "fitness", environment: "production") == [
            SDKKeySummary(prefix: "sha256-hash-p", createdAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: nil)
        ])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await store.apps.rotateKey(
            appID: "fitness", environment: "production", keyHash: "hash-p2", prefix: "wps_new00001", at: now, previousUntil: now)
        #expect(try await store.apps.environment(keyHash: "hash-p", at: now) == nil)
        #expect(try await store.apps.environment(keyHash: "hash-p2", at: now)?.name == "production")
        #expect(try await store.apps.environmentSummaries(appID: "fitness", recentSince: Date(timeIntervalSince1970: 0)).map(\.recentEvents) == [4, 0])
        let published = try #require(try await store.revisions.publishedRevision(appID: "fitness", environment: "production"))
        #expect(published.revision == 1 && published.body == Array("abc".utf8))
        #expect(try await store.revisions.revisions(appID: "fitness").map(\.createdAt) == [Date(timeIntervalSince1970: 1_700_000_000.5)])
        #expect(try await store.events(appID: "fitness", environment: nil, timestamps: nil, after: nil, limit: 10).lines == ["line m1", "line m2", "line m3", "line m4"])
        #expect(try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "signup", after: nil, limit: 10).lines == ["line m2", "line m4", "line m1"])
        #expect(try await store.eventsByUser(appID: "fitness", environment: nil, flowID: nil, after: nil, limit: 10).lines == ["line m3"])
        let added = StoredEvent(messageID: "m5", userID: "u0", flowID: "signup", timestamp: 1, environment: "production", receivedAt: 9, line: "line m5")
        #expect(try await store.insertEvents([added, added], appID: "fitness") == InsertResult(accepted: 1, duplicates: 1))
        #expect(try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "signup", after: nil, limit: 10).lines.first == "line m5")
        #expect(try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h2", createdAt: Date()) == AddedRevision(revision: 2, existing: false))
        // Publishes before the upgrade have no recorded time; publishes after it do.
        #expect(try await store.revisions.publications(appID: "fitness", environment: "production").isEmpty)
        #expect(try await store.revisions.publish(appID: "fitness", environment: "production", revision: 2, at: now) == 1)
        #expect(try await store.revisions.publications(appID: "fitness", environment: "production") == [
            PublicationRecord(environment: "production", revision: 2, publishedAt: now)
        ])
    }

    /// Tables, columns, keys, indexes and triggers of a SQLite database, as SQLite reports them.
    static func sqliteCatalog(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            var catalog: [String] = []
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations' ORDER BY name
                """)
            for table in tables {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_xinfo(?)", arguments: [table]) {
                    catalog.append("\(table) column \(row)")
                }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM pragma_foreign_key_list(?)", arguments: [table]) {
                    catalog.append("\(table) reference \(row)")
                }
                for index in try Row.fetchAll(db, sql: "SELECT * FROM pragma_index_list(?) ORDER BY name", arguments: [table]) {
                    let name: String = index["name"]
                    catalog.append("\(table) index \(index)")
                    for row in try Row.fetchAll(db, sql: "SELECT * FROM pragma_index_xinfo(?)", arguments: [name]) {
                        catalog.append("\(name) key \(row)")
                    }
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name") {
                catalog.append("trigger \(row)")
            }
            return catalog
        }
    }

    /// The key of each described index, as SQLite keeps it: the columns, then the row id
    /// (`seq`), which orders entries that are equal on the columns.
    @Test func sqliteIndexesAreKeyedAsDescribedEndingWithSeq() async throws {
        try await TemporaryFiles.with { directory in
            try await SQLiteStore(directory: directory).close()
            let keys = try await DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path).read { db in
                try StoreSchema.current.indexes.map { index in
                    try Row.fetchAll(db, sql: "SELECT cid, name FROM pragma_index_xinfo(?) ORDER BY seqno", arguments: [index.name])
                        .map { row -> String in row["cid"] == -1 ? "seq" : row["name"] }
                }
            }
            #expect(keys == StoreSchema.current.indexes.map(\.columns))
            #expect(keys == [
                ["app_id", "seq"], ["app_id", "flow_id", "user_id", "timestamp_ms", "seq"], ["app_id", "environment", "received_at_ms", "seq"],
                ["app_id", "seq"],
            ])
        }
    }

    /// An environment's last event and its recent events are read through `events_by_environment`
    /// alone, in both stores: no read of the app's events, nor of the table.
    @Test func environmentFiguresAreReadFromTheirIndexInSQLite() async throws {
        try await TemporaryFiles.with { directory in
            try await SQLiteStore(directory: directory).close()
            let plan = try await DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path).read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + StoreSchema.environmentSummariesSQL, arguments: [0, "fitness"])
                    .map { row -> String in row["detail"] }
            }
            let events = plan.filter { $0.hasSuffix(" v") || $0.contains(" v ") }
            #expect(events == [
                "SEARCH v USING COVERING INDEX events_by_environment (app_id=? AND environment=?)",
                "SEARCH v USING COVERING INDEX events_by_environment (app_id=? AND environment=? AND received_at_ms>?)",
            ], "\(plan)")
        }
    }

    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func environmentFiguresAreReadFromTheirIndexInPostgres() async throws {
        let url = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: url) { _ in }
        // A new table is small enough to scan; the planner is told not to, to see that the index serves.
        let statement = SQLQuery(text: StoreSchema.environmentSummariesSQL, values: []).statement(in: .postgres).text
            .replacingOccurrences(of: "$1", with: "0").replacingOccurrences(of: "$2", with: "'fitness'")
        let plan = try PostgresServer.psql(url: url, "SET enable_seqscan = off; SET enable_bitmapscan = off; EXPLAIN (COSTS OFF) \(statement);")
        // The last event: the last entry of the environment's range, read backward with a limit of one; the count: its range.
        #expect(plan.contains("->  Limit\n") && plan.contains("Index Only Scan Backward using events_by_environment on events v\n"), "\(plan)")
        #expect(plan.contains("Index Only Scan using events_by_environment on events v_1\n"), "\(plan)")
        #expect(!plan.contains("Seq Scan on events"), "\(plan)")
    }

    @Test func postgresIndexesAreWrittenAsDescribed() {
        let statements = StoreSchema.current.statements(in: .postgres).filter { $0.hasPrefix("CREATE INDEX") }
        #expect(statements == [
            "CREATE INDEX events_by_app ON events (app_id, seq)",
            "CREATE INDEX events_by_flow_user ON events (app_id, flow_id, user_id, timestamp_ms, seq)",
            "CREATE INDEX events_by_environment ON events (app_id, environment, received_at_ms, seq)",
            "CREATE INDEX audit_log_by_app ON audit_log (app_id, seq)",
        ])
    }

    /// A database the earlier release created opens, answers, and has the schema a new one gets.
    @Test func anEarlierSQLiteDatabaseOpensAndAnswers() async throws {
        try await TemporaryFiles.with { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let earlier = directory.appendingPathComponent("waypoint.sqlite").path
            let queue = try DatabaseQueue(path: earlier)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("1-apps-revisions-events") { db in try db.execute(sql: Self.earlierSQLite) }
            try migrator.migrate(queue)
            try await queue.write { db in try db.execute(sql: Self.earlierData) }
            try queue.close()

            let store = try SQLiteStore(directory: directory)
            try await Self.checkAnswers(store)
            try await store.close()

            let fresh = directory.appendingPathComponent("fresh")
            try await SQLiteStore(directory: fresh).close()
            #expect(try Self.sqliteCatalog(earlier) == Self.sqliteCatalog(fresh.appendingPathComponent("waypoint.sqlite").path))
        }
    }

    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func anEarlierPostgresDatabaseOpensAndAnswers() async throws {
        let earlier = try PostgresServer.createDatabase()
        try PostgresServer.psql(url: earlier, Self.earlierPostgres + Self.earlierData)
        try await PostgresServer.withStore(url: earlier) { try await Self.checkAnswers($0) }

        let fresh = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: fresh) { _ in }
        let schema = try PostgresServer.schema(url: fresh)
        #expect(schema.contains("CREATE INDEX events_by_flow_user ON public.events USING btree (app_id, flow_id, user_id, timestamp_ms, seq);"))
        #expect(try PostgresServer.schema(url: earlier) == schema)
    }

    @Test func anUnusableFolderOrFileSaysWhatToDo() async throws {
        try await TemporaryFiles.with { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("file")
            try Data("not a folder".utf8).write(to: file)
            let folder = try #require(throws: StoreError.self) { try SQLiteStore(directory: file.appendingPathComponent("data")) }
            #expect(folder.description.hasPrefix("Cannot create the data folder \(file.path)/data: "))
            #expect(folder.description.hasSuffix(". Pass a writable folder with --data."))
            #expect(!folder.isConflict && !folder.isNotFound)

            let data = directory.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Data(repeating: 0x41, count: 4096).write(to: data.appendingPathComponent("waypoint.sqlite"))
            let database = try #require(throws: StoreError.self) { try SQLiteStore(directory: data) }
            #expect(database.description.hasPrefix("Cannot open the SQLite database \(data.path)/waypoint.sqlite: "))
            #expect(database.description.hasSuffix(". Check that the folder is writable and the file is a Waypoint database."))
        }
    }
}

import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import WaypointServer

/// One connection to the PostgreSQL server of `--database`, for what the scale benchmark does
/// beside the server it measures: making and dropping the storage limit's databases, the store's
/// size, and setting the ledger's version back before the rebuild at start.
struct BenchmarkPostgres {
    /// `postgres://user:password@host:port/database`, as given.
    let url: String
    let configuration: PostgresConnection.Configuration
    /// The database of ``url``.
    let database: String
    static let logger = Logger(label: "waypoint-server-benchmarks.postgres")

    init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "postgres" || components.scheme == "postgresql",
              let host = components.host, !host.isEmpty, components.path.count > 1 else {
            throw BenchmarkError.usage("--database \(url) is not a URL such as postgres://user:password@127.0.0.1:5432/database")
        }
        self.url = url
        database = String(components.path.dropFirst())
        configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.percentEncodedUser?.removingPercentEncoding ?? "postgres",
            password: components.percentEncodedPassword?.removingPercentEncoding, database: database, tls: .disable)
    }

    /// The same server's database `name`, as a URL.
    func url(database name: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + name
        return components.string!
    }

    /// Runs `body` on a new connection to `database` (nil: ``database``), closed after it.
    func withConnection<T>(database name: String? = nil, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        var configuration = configuration
        configuration.database = name ?? database
        let connection = try await Self.described { try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Self.logger) }
        do {
            let result = try await Self.described { try await body(connection) }
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// `body`, its PostgreSQL errors given with what the server said (PostgresNIO's own text hides it).
    static func described<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError {
            throw BenchmarkError("PostgreSQL: \(error.serverInfo?[.message] ?? String(reflecting: error))")
        }
    }

    /// Makes ``database`` when the server has none of that name (connected to its `postgres` database).
    func createIfMissing() async throws {
        try await withConnection(database: "postgres") { connection in
            let name = database.replacingOccurrences(of: "'", with: "''")
            if try await Self.integer("SELECT COUNT(*) FROM pg_database WHERE datname = '\(name)'", on: connection) == 0 {
                try await Self.execute("CREATE DATABASE \"\(database.replacingOccurrences(of: "\"", with: "\"\""))\"", on: connection)
            }
        }
    }

    /// Runs `sql`, with no result read.
    static func execute(_ sql: String, on connection: PostgresConnection) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    /// The first column of the first row of `sql`, as an integer.
    static func integer(_ sql: String, on connection: PostgresConnection) async throws -> Int64 {
        for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int64.self) { return value }
        throw BenchmarkError("PostgreSQL answered no row to \(sql)")
    }

    /// Whether ``database`` holds any app: the scale benchmark needs an empty one (or a new one,
    /// which it makes).
    func holdsApps() async throws -> Bool {
        try await createIfMissing()
        return try await withConnection { connection in
            let tables = try await Self.integer("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = 'apps'", on: connection)
            guard tables > 0 else { return false }
            return try await Self.integer("SELECT COUNT(*) FROM apps", on: connection) > 0
        }
    }

    /// Drops database `name` if it exists and makes it again, empty, with the server's schema
    /// (migrated by the server's own store, as `waypoint-server serve` does at start).
    func recreate(database name: String) async throws {
        try await drop(database: name)
        try await withConnection { connection in try await Self.execute("CREATE DATABASE \(name)", on: connection) }
        // The store's migration, as the server runs it.
        let store = try PostgresStore(url: url(database: name), auditKey: try AuditKey(Self.auditKey), logger: Self.logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            let service = store.service
            group.addTask { try await service.run() }
            defer { group.cancelAll() }
            try await store.migrate()
        }
    }

    /// Drops database `name` if it exists.
    func drop(database name: String) async throws {
        try await withConnection { connection in try await Self.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: connection) }
    }

    /// The key the benchmark's server chains the audit log with (the server requires one with `--database`).
    static let auditKey = "benchmark-audit-key-0123456789abcdef0123456789abcdef0123456789"

    /// The size of ``database`` (`pg_database_size`), and of the tables whose name contains
    /// `contribution`, with their indexes and TOAST.
    func footprint() async throws -> StorageFootprint {
        try await withConnection { connection in
            let total = try await Self.integer("SELECT pg_database_size(current_database())", on: connection)
            let contributions = try await Self.integer("""
                SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname LIKE '%contribution%'
                """, on: connection)
            return StorageFootprint(totalBytes: Int(total), contributionBytes: Int(contributions), note: nil)
        }
    }
}

/// The storage limit in PostgreSQL: the very rows the server stored (``SignupRun``'s users in
/// order, in the same 100-row batches), inserted straight into a database of their own with the
/// server's schema, one multi-row `INSERT` per batch (each its own transaction, committed as the
/// server's are: `synchronous_commit` as the server has it), on one connection — no HTTP, no
/// JSON, no report contributions. The database grows level by level with the server's.
final class GrowingRawPostgres: StorageLimit {
    private let postgres: BenchmarkPostgres
    private let name: String
    private let connection: PostgresConnection
    private var rows = SignupRows()

    /// Makes database `name` (dropping one of that name first) on `postgres`'s server.
    init(postgres: BenchmarkPostgres, database name: String, order: SignupRun.StartOrder) async throws {
        self.postgres = postgres
        self.name = name
        try await postgres.recreate(database: name)
        var configuration = postgres.configuration
        configuration.database = name
        connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: BenchmarkPostgres.logger)
        rows = SignupRows(order: order)
    }

    func fill(to level: Int, batchSize: Int) async throws -> Double {
        var inserted = 0
        var seconds = 0.0
        while rows.stored < level {
            let batches = rows.next(to: level, batchSize: batchSize, batches: 1000)
            let queries = batches.map(Self.insert)
            let start = ContinuousClock.now
            for query in queries { try await connection.query(query, logger: BenchmarkPostgres.logger) }
            seconds += (ContinuousClock.now - start).seconds
            inserted += batches.reduce(0) { $0 + $1.count }
        }
        return Double(inserted) / max(seconds, 1e-9)
    }

    func close() async throws {
        try await connection.close()
        try await postgres.drop(database: name)
    }

    /// One multi-row `INSERT` of `events`, its values bound.
    static func insert(_ events: [StoredEvent]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: events.count * 8)
        var values: [String] = []
        values.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            let first = index * 8
            values.append("(" + (1...8).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
            bindings.append("bench")
            bindings.append(event.messageID)
            bindings.append(event.userID)
            bindings.append(event.flowID)
            bindings.append(event.timestamp)
            bindings.append(event.environment)
            bindings.append(event.receivedAt)
            bindings.append(event.line)
        }
        return PostgresQuery(unsafeSQL: """
            INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line)
            VALUES \(values.joined(separator: ", "))
            """, binds: bindings)
    }
}

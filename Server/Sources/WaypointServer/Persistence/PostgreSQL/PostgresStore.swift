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
public final class PostgresStore: Sendable {
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

    /// Runs `body` in a transaction; an error thrown inside that is not the database's (a
    /// ``StoreError``, a check made between statements) comes out as it is, as SQLite's does.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            if let thrown = error.closureError, !(thrown is PSQLError) { throw thrown }
            throw error
        }
    }
}

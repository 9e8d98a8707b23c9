import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import WaypointServer

/// `waypoint-server`: the self-hosted server for Waypoint documents and analytics events.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waypoint-server",
        abstract: "Serve Waypoint documents to apps and collect their analytics events.",
        subcommands: [Serve.self, Backup.self, Audit.self],
        defaultSubcommand: Serve.self
    )
}

/// `waypoint-server serve`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP server until SIGTERM or SIGINT.",
        discussion: """
            The admin token (at least 32 characters; `openssl rand -hex 32` makes one) comes from the \
            file --admin-token-file names, or else from the environment variable WAYPOINT_ADMIN_TOKEN. \
            Data is kept in SQLite under --data unless --database names a PostgreSQL database. The audit \
            log is chained with a key: with SQLite, DATA/audit.key (made at the first start) unless \
            --audit-key-file or WAYPOINT_AUDIT_KEY gives one; with PostgreSQL, one of these is required, \
            the same for every server of the database.

            Connections that keep the server waiting are closed (--header-timeout, --body-timeout, \
            --idle-timeout); at most --max-connections are open at once, and at most \
            --max-connections-per-address from one address. Rate limits count per SDK key and client \
            address; behind a proxy, name it with --trusted-proxy so its X-Forwarded-For header is \
            believed (its own connections are not limited per address).

            Examples:
              (umask 077 && openssl rand -hex 32 > waypoint-admin-token)
              waypoint-server serve --admin-token-file waypoint-admin-token
              waypoint-server serve --database postgres://waypoint@127.0.0.1:5432/waypoint --port 9000
              waypoint-server serve --trusted-proxy 127.0.0.1 --max-connections 4000
            """
    )

    @Option(help: "The folder of the SQLite database (waypoint.sqlite is created in it).")
    var data: String = "./waypoint-data"

    @Option(help: "A PostgreSQL URL, such as postgres://user:password@host:5432/database; replaces --data.")
    var database: String?

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port: Int = 8080

    @Option(help: ArgumentHelp(
        "A file holding the admin token (mode 0600, such as systemd's LoadCredential=); replaces WAYPOINT_ADMIN_TOKEN.",
        valueName: "path"))
    var adminTokenFile: String?

    @Option(help: ArgumentHelp(
        "A file holding the audit log's key (mode 0600; at least 32 characters); replaces WAYPOINT_AUDIT_KEY and, with SQLite, DATA/audit.key.",
        valueName: "path"))
    var auditKeyFile: String?

    @Option(help: "Seconds a request waits for a PostgreSQL connection before it answers 503 (the database is down or every connection busy).")
    var databaseTimeout: Double = 2

    @Option(help: "Requests per second each SDK key may make from each client address, sustained.")
    var rateLimit: Double = 1000

    @Option(help: "Requests an idle SDK key may make at once from each client address.")
    var burst: Double = 2000

    @Option(help: "Seconds a connection has to send a request's complete headers, from opening or from its previous answer.")
    var headerTimeout: Double = 10

    @Option(help: "Seconds a request's whole body may take to arrive after its headers; a slower one is answered 408 and its connection closed.")
    var bodyTimeout: Double = 30

    @Option(help: "Seconds a connection may send nothing while its request's body is expected.")
    var idleTimeout: Double = 60

    @Option(help: "The most connections open at once; more wait until one closes (lowered to fit the open-file limit).")
    var maxConnections: Int = 1000

    @Option(help: ArgumentHelp(
        "The most connections one address may have open (an IPv6 address: its /64); more are closed at once. Default: a tenth of --max-connections.",
        discussion: "The address is the connection's peer; a --trusted-proxy is not limited, since its clients share its address."))
    var maxConnectionsPerAddress: Int?

    @Option(help: ArgumentHelp(
        "An address or CIDR range of a proxy whose X-Forwarded-For names the client (repeatable).",
        discussion: "Rate limits count per SDK key and client address; without this option the client is the peer address."))
    var trustedProxy: [String] = []

    @Option(help: "Delete events older than this many days (by event time), hourly; events are kept forever without it.")
    var retentionDays: Int?

    func run() async throws {
        // The database files are private to their owner: files this process creates are 0600 and
        // folders 0700 (the server writes no other files).
        umask(0o077)
        do {
            try await serve()
        } catch let failure as StartupFailure {
            Self.fail(failure.message)
        } catch let error as StoreError {
            Self.fail(error.description)
        } catch let error as ConfigurationError {
            Self.fail(error.description)
        } catch let error where Self.isAddressInUse(error) {
            Self.fail("port \(port) on \(host) is in use by another program; stop it or pass --port.")
        } catch let error as IOError {
            Self.fail("cannot listen on \(host):\(port): \(String(cString: strerror(error.errnoCode))); pass another --host or --port.")
        }
    }

    /// Lines on standard error as swift-log's default handler writes them, for less per line (one
    /// per request); set up once per process.
    private static let logging: Void = LoggingSystem.bootstrap { ServerLogHandler(label: $0) }

    /// Builds the server and runs it until it is stopped.
    private func serve() async throws {
        _ = Self.logging
        // Request lines wait up to 50 ms to be written together: write them before exiting.
        defer { ServerLogHandler.flush() }
        let adminToken = try AdminTokenSource.load(file: adminTokenFile, environment: ProcessInfo.processInfo.environment)
        if let retentionDays { try RetentionService.validate(days: retentionDays) }
        let storage: ServerConfiguration.Storage = if let database {
            .postgres(url: database)
        } else {
            .sqlite(directory: URL(fileURLWithPath: data))
        }
        var configuration = ServerConfiguration(
            host: host, port: port, storage: storage, adminToken: adminToken,
            limits: Limits(requestsPerSecondPerKey: rateLimit, burstPerKey: burst), retentionDays: retentionDays)
        configuration.auditKey = try AuditKeySource.load(file: auditKeyFile, environment: ProcessInfo.processInfo.environment)
        if database != nil, configuration.auditKey == nil { throw AuditKey.missingForPostgres }
        configuration.connections = try connectionLimits()
        configuration.trustedProxies = try trustedProxy.map { try TrustedProxy($0) }
        guard databaseTimeout > 0, databaseTimeout <= 600 else {
            throw StartupFailure("--database-timeout must be more than 0 and at most 600 seconds, such as 2; it is \(databaseTimeout).")
        }
        configuration.databaseConnectionWait = .milliseconds(Int64(databaseTimeout * 1000))
        let application = try await buildApplication(configuration)
        try await application.runService()
    }

    /// The timeouts and the connection limits, refused when not positive.
    private func connectionLimits() throws -> ConnectionLimits {
        let timeouts = [("--header-timeout", headerTimeout, 10), ("--body-timeout", bodyTimeout, 30), ("--idle-timeout", idleTimeout, 60)]
        for (name, seconds, example) in timeouts where !(seconds > 0 && seconds <= 86_400) {
            throw StartupFailure("\(name) \(seconds) is not a number of seconds between 0 and 86400; pass one such as \(example).")
        }
        guard maxConnections > 0 else {
            throw StartupFailure("--max-connections \(maxConnections) allows no connection; pass a positive number such as 1000.")
        }
        if let maxConnectionsPerAddress, maxConnectionsPerAddress < 1 {
            throw StartupFailure(
                "--max-connections-per-address \(maxConnectionsPerAddress) allows no connection; pass a positive number such as 100, or leave it out for a tenth of --max-connections.")
        }
        return ConnectionLimits(
            headerTimeout: .milliseconds(Int64(headerTimeout * 1000)), bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)),
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), maxConnections: maxConnections,
            maxConnectionsPerAddress: maxConnectionsPerAddress)
    }

    /// Whether `error` is the failure to bind a port another socket holds.
    private static func isAddressInUse(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == EADDRINUSE
    }

    /// Prints `message` as the one line on standard error and exits with status 1.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("waypoint-server: \(message)\n".utf8))
        Self.exit(withError: ExitCode.failure)
    }
}

/// A reason the server cannot start, said in one line with how to fix it.
private struct StartupFailure: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

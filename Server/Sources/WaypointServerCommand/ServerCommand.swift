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
        subcommands: [Serve.self, Backup.self],
        defaultSubcommand: Serve.self
    )
}

/// `waypoint-server serve`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP server until SIGTERM or SIGINT.",
        discussion: """
            The admin token comes from the environment variable WAYPOINT_ADMIN_TOKEN (at least 32 \
            characters; `openssl rand -hex 32` makes one). Data is kept in SQLite under --data unless \
            --database names a PostgreSQL database.

            Examples:
              WAYPOINT_ADMIN_TOKEN=$(openssl rand -hex 32) waypoint-server serve
              waypoint-server serve --database postgres://waypoint@127.0.0.1:5432/waypoint --port 9000
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

    @Option(help: "Requests per second each SDK key may make, sustained.")
    var rateLimit: Double = 1000

    @Option(help: "Requests an idle SDK key may make at once.")
    var burst: Double = 2000

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

    /// Builds the server and runs it until it is stopped.
    private func serve() async throws {
        guard let token = ProcessInfo.processInfo.environment["WAYPOINT_ADMIN_TOKEN"] else {
            throw StartupFailure("set WAYPOINT_ADMIN_TOKEN to a secret of at least 32 characters, such as the output of `openssl rand -hex 32`.")
        }
        let adminToken: AdminToken
        do {
            adminToken = try AdminToken(token)
        } catch {
            throw StartupFailure(error.description)
        }
        if let retentionDays { try RetentionService.validate(days: retentionDays) }
        let storage: ServerConfiguration.Storage = if let database {
            .postgres(url: database)
        } else {
            .sqlite(directory: URL(fileURLWithPath: data))
        }
        let configuration = ServerConfiguration(
            host: host, port: port, storage: storage, adminToken: adminToken,
            limits: Limits(requestsPerSecondPerKey: rateLimit, burstPerKey: burst), retentionDays: retentionDays)
        let application = try await buildApplication(configuration)
        try await application.runService()
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

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
        subcommands: [Serve.self],
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
            Data is kept in SQLite under --data unless --database names a PostgreSQL database.

            Examples:
              (umask 077 && openssl rand -hex 32 > waypoint-admin-token)
              waypoint-server serve --admin-token-file waypoint-admin-token
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

    @Option(help: ArgumentHelp(
        "A file holding the admin token (mode 0600, such as systemd's LoadCredential=); replaces WAYPOINT_ADMIN_TOKEN.",
        valueName: "path"))
    var adminTokenFile: String?

    @Option(help: "Requests per second each SDK key may make, sustained.")
    var rateLimit: Double = 1000

    @Option(help: "Requests an idle SDK key may make at once.")
    var burst: Double = 2000

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
        let adminToken = try AdminTokenSource.load(file: adminTokenFile, environment: ProcessInfo.processInfo.environment)
        let storage: ServerConfiguration.Storage = if let database {
            .postgres(url: database)
        } else {
            .sqlite(directory: URL(fileURLWithPath: data))
        }
        let configuration = ServerConfiguration(
            host: host, port: port, storage: storage, adminToken: adminToken,
            limits: Limits(requestsPerSecondPerKey: rateLimit, burstPerKey: burst))
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

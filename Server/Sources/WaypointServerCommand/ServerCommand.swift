import ArgumentParser
import Foundation
import Hummingbird
import Logging
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

    func run() async throws {
        guard let token = ProcessInfo.processInfo.environment["WAYPOINT_ADMIN_TOKEN"] else {
            throw ValidationError("Set WAYPOINT_ADMIN_TOKEN to a secret of at least 32 characters, such as the output of `openssl rand -hex 32`.")
        }
        let adminToken: AdminToken
        do {
            adminToken = try AdminToken(token)
        } catch {
            throw ValidationError(error.description)
        }
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
}

import ArgumentParser
import Foundation
import Logging
import WaypointServer

/// `waypoint-server audit`: the audit log's commands.
struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the audit log.",
        subcommands: [AuditVerify.self]
    )
}

/// `waypoint-server audit verify [--data DIR] [--database URL]`.
struct AuditVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Tell whether the audit log was altered outside the server.",
        discussion: """
            Recomputes each entry's chain value from its content, the entry before it and the audit \\
            key, and reads the database as it is (it changes nothing, also while a server runs). Exits \\
            0 with "audit log intact: N entries", 1 naming the first entry that does not verify (it was \\
            changed, or entries around it were deleted, inserted or moved) and what to do, and 2 when \\
            the log cannot be read. The key is DATA/audit.key with SQLite, unless --audit-key-file or \\
            WAYPOINT_AUDIT_KEY gives it; with PostgreSQL, one of these is required.

            Examples:
              waypoint-server audit verify --data /var/lib/waypoint
              WAYPOINT_AUDIT_KEY=… waypoint-server audit verify --database postgres://waypoint@127.0.0.1:5432/waypoint
            """
    )

    @Option(help: "The folder of the SQLite database (holding waypoint.sqlite and audit.key).")
    var data: String = "./waypoint-data"

    @Option(help: "A PostgreSQL URL, such as postgres://user:password@host:5432/database; replaces --data.")
    var database: String?

    @Option(help: ArgumentHelp("A file holding the audit log's key; replaces WAYPOINT_AUDIT_KEY and DATA/audit.key.", valueName: "path"))
    var auditKeyFile: String?

    func run() async throws {
        let verification: AuditVerification
        do {
            let given = try AuditKeySource.load(file: auditKeyFile, environment: ProcessInfo.processInfo.environment)
            if let database {
                guard let key = given else { throw AuditKey.missingForPostgres }
                var logger = Logger(label: "waypoint-server.audit")
                logger.logLevel = .error
                verification = try await AuditVerification.verify(database: database, key: key, logger: logger)
            } else {
                let directory = URL(fileURLWithPath: data)
                let path = directory.appendingPathComponent(AuditKey.fileName).path
                if given == nil, !FileManager.default.fileExists(atPath: path) {
                    throw ConfigurationError(
                        "\(path) does not exist: verifying needs the key the server chained the log with. Pass the folder the server "
                            + "runs with to --data, put back the audit.key backed up with this database, or pass it with --audit-key-file.")
                }
                let key = try given ?? AuditKey.load(file: path)
                verification = try await AuditVerification.verify(data: directory, key: key)
            }
        } catch let error as ConfigurationError {
            Self.fail(error.description)
        } catch let error as StoreError {
            Self.fail(error.description)
        } catch {
            Self.fail("cannot read the audit log: \(error)")
        }
        if verification.outcome == .notChained { Self.fail(verification.message) }
        print(verification.message)
        if !verification.isIntact { throw ExitCode.failure }
    }

    /// Prints `message` on standard error and exits with status 2: the log could not be checked.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("waypoint-server: \(message)\n".utf8))
        Self.exit(withError: ExitCode(2))
    }
}

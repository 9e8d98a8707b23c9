import ArgumentParser
import Foundation
import WaypointServer

/// `waypoint-server backup --data DIR --to FILE`.
struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database to a file, also while a server runs on it.",
        discussion: """
            The copy is consistent: the database as it was at one moment, with every event \
            acknowledged before it. FILE is written whole or not at all (mode 0600). To restore, stop \
            the server, put the file at DIR/waypoint.sqlite (removing waypoint.sqlite-wal and \
            waypoint.sqlite-shm) and start it. For PostgreSQL, use pg_dump.

            Example:
              waypoint-server backup --data /var/lib/waypoint --to /backups/waypoint-$(date +%F).sqlite
            """
    )

    @Option(help: "The folder of the SQLite database the server runs with (holding waypoint.sqlite).")
    var data: String = "./waypoint-data"

    @Option(help: "The file to write the copy to; replaced if it exists.")
    var to: String

    func run() throws {
        umask(0o077)
        do {
            let summary = try SQLiteBackup.copy(directory: URL(fileURLWithPath: data), to: URL(fileURLWithPath: to))
            print("Backed up \(summary.apps) app\(summary.apps == 1 ? "" : "s"), \(summary.revisions) revision\(summary.revisions == 1 ? "" : "s") "
                + "and \(summary.events) event\(summary.events == 1 ? "" : "s") to \(to) (\(summary.bytes) bytes).")
        } catch let error as BackupError {
            FileHandle.standardError.write(Data("waypoint-server: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}

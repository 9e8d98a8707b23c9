import Foundation
import WaypointServer

/// Where `waypoint-server serve` and `audit verify` take the audit log's key from: the file named by
/// `--audit-key-file`, or the environment variable `WAYPOINT_AUDIT_KEY`; never both. Neither: nil
/// (with SQLite, the data folder's `audit.key`; PostgreSQL needs one).
enum AuditKeySource {
    static func load(file: String?, environment: [String: String]) throws(ConfigurationError) -> AuditKey? {
        switch (file, environment["WAYPOINT_AUDIT_KEY"]) {
        case (let file?, nil):
            return try AuditKey.load(file: file)
        case (nil, let key?):
            return try AuditKey(key)
        case (_?, _?):
            throw ConfigurationError("both WAYPOINT_AUDIT_KEY and --audit-key-file give the audit key; unset the variable or drop the option.")
        case (nil, nil):
            return nil
        }
    }
}

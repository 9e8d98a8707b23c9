import Foundation
import WaypointServer

/// Where `waypoint-server serve` takes the admin token from: the file named by
/// `--admin-token-file` (such as the credential systemd's `LoadCredential=` provides), or the
/// environment variable `WAYPOINT_ADMIN_TOKEN`; never both.
enum AdminTokenSource {
    /// The admin token from `file` when given, else from `environment["WAYPOINT_ADMIN_TOKEN"]`.
    static func load(file: String?, environment: [String: String]) throws(ConfigurationError) -> AdminToken {
        let variable = environment["WAYPOINT_ADMIN_TOKEN"]
        switch (file, variable) {
        case (let file?, nil):
            return try read(file)
        case (nil, let token?):
            return try AdminToken(token)
        case (_?, _?):
            throw ConfigurationError(
                "both WAYPOINT_ADMIN_TOKEN and --admin-token-file give the admin token; unset the variable or drop the option.")
        case (nil, nil):
            throw ConfigurationError(
                "pass --admin-token-file FILE, a file only you can read holding a secret of at least 32 characters "
                    + "(`(umask 077 && openssl rand -hex 32 > FILE)` makes one), or set WAYPOINT_ADMIN_TOKEN to such a secret.")
        }
    }

    /// The token in the file at `path`: its one line, without the spaces and line break around it.
    /// The file must be a regular file that other users cannot read or write (``SecretFile``).
    static func read(_ path: String) throws(ConfigurationError) -> AdminToken {
        let token = try SecretFile(what: "the admin token file", option: "--admin-token-file", holds: "the token").read(path)
        return try AdminToken(token, source: "the admin token in \(path)")
    }
}

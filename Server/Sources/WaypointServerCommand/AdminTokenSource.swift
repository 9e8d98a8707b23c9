import Foundation
import WaypointServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `waypoint-server serve` takes the admin token from: the file named by
/// `--admin-token-file` (such as the credential systemd's `LoadCredential=` provides), or the
/// environment variable `WAYPOINT_ADMIN_TOKEN`; never both.
enum AdminTokenSource {
    /// The longest token file read: a token is one line.
    static let maximumFileBytes = 4096

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
    /// The file must be a regular file that other users cannot read or write.
    static func read(_ path: String) throws(ConfigurationError) -> AdminToken {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT {
                throw ConfigurationError(
                    "the admin token file \(path) does not exist; create it with `(umask 077 && openssl rand -hex 32 > \(path))` "
                        + "or pass the right path to --admin-token-file.")
            }
            throw ConfigurationError(
                "cannot read the admin token file \(path): \(String(cString: strerror(errno))); "
                    + "make it readable by the user the server runs as, or pass another --admin-token-file.")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ConfigurationError(
                "the admin token file \(path) is not a regular file; pass the file that holds the token to --admin-token-file.")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o007 == 0 else {
            throw ConfigurationError(
                "the admin token file \(path) can be read or written by every user (mode 0\(String(mode, radix: 8))); "
                    + "make it private with `chmod 600 \(path)`.")
        }
        guard status.st_size <= maximumFileBytes else {
            throw ConfigurationError(
                "the admin token file \(path) has \(status.st_size) bytes; it should hold only the token, one line "
                    + "such as the output of `openssl rand -hex 32`.")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ConfigurationError(
                "cannot read the admin token file \(path): \(String(cString: strerror(errno))); "
                    + "make it readable by the user the server runs as (and by no one else: `chmod 600 \(path)`).")
        }
        defer { try? handle.close() }
        let bytes: Data
        do {
            bytes = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch {
            throw ConfigurationError(
                "cannot read the admin token file \(path): \(String(cString: strerror(errno))); "
                    + "make it readable by the user the server runs as.")
        }
        let token = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.contains(where: \.isNewline) else {
            throw ConfigurationError(
                "the admin token file \(path) holds more than one line; it should hold only the token, "
                    + "such as the output of `openssl rand -hex 32`.")
        }
        return try AdminToken(token, source: "the admin token in \(path)")
    }
}

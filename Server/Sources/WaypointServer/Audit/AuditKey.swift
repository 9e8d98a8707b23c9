import Crypto
import Foundation
import SystemCalls

/// The secret that chains the audit log's entries (docs/ARCHITECTURE.md, "The audit log"): the
/// key of each entry's HMAC-SHA256, at least 32 characters of text.
///
/// With SQLite it is the file `DATA/audit.key`, made at the first start (0600); with PostgreSQL
/// every server of the database is given the same one, with `--audit-key-file FILE` or
/// `WAYPOINT_AUDIT_KEY`. It is kept outside the database, so whoever can change the database but
/// not read the key cannot make an altered entry verify.
public struct AuditKey: Sendable {
    /// The fewest characters a key has.
    public static let minimumLength = 32
    /// The name of the key's file in an SQLite data folder.
    public static let fileName = "audit.key"
    /// How files holding a key are read.
    static let file = SecretFile(what: "the audit key file", option: "--audit-key-file", holds: "the key")

    /// The key's bytes (kept as bytes: `SymmetricKey` is not `Sendable` on every platform).
    let bytes: [UInt8]
    /// The key for `HMAC`.
    var key: SymmetricKey { SymmetricKey(data: bytes) }
    /// Where the key came from, for messages: a file's path or the environment variable.
    public let source: String

    /// The key `text` (from `source`); throws when it is shorter than ``minimumLength`` or has spaces.
    public init(_ text: String, source: String = "WAYPOINT_AUDIT_KEY") throws(ConfigurationError) {
        guard text.count >= Self.minimumLength, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw ConfigurationError(
                "\(source) must hold a key of at least \(Self.minimumLength) characters and no spaces, such as the output of "
                    + "`openssl rand -hex 32`.")
        }
        bytes = Array(text.utf8)
        self.source = source
    }

    /// Why a server of a PostgreSQL database cannot start without a key.
    public static let missingForPostgres = ConfigurationError(
        "with --database, pass --audit-key-file FILE or set WAYPOINT_AUDIT_KEY: the key that chains the audit log, the same for "
            + "every server of the database (`(umask 077 && openssl rand -hex 32 > FILE)` makes one). Keep it with the database's "
            + "backups: `waypoint-server audit verify` needs it.")

    /// The key in the file at `path` (a private regular file of one line; see ``SecretFile``).
    public static func load(file path: String) throws(ConfigurationError) -> AuditKey {
        try AuditKey(file.read(path), source: path)
    }

    /// The key of the SQLite data folder `directory`: `DIRECTORY/audit.key`, made with a new random
    /// key (mode 0600) when it does not exist, unless `chained` says the log has chained entries
    /// already: then the key that chained them is missing, and a new one would not verify them.
    static func dataFolderKey(_ directory: URL, chained: () throws -> Bool) throws -> AuditKey {
        let path = directory.appendingPathComponent(fileName).path
        if FileManager.default.fileExists(atPath: path) { return try load(file: path) }
        if try chained() {
            throw ConfigurationError(
                "\(path) is missing, but the audit log in this folder was chained with a key: put back the audit.key of this "
                    + "data folder (it is backed up with waypoint.sqlite; docs in Server/README.md, \"The audit log\"). If it is lost, "
                    + "make a new one with `(umask 077 && openssl rand -hex 32 > \(path))`: `waypoint-server audit verify` will "
                    + "then report the entries made before it as not verifying.")
        }
        let text = SymmetricKey(size: .bits256).withUnsafeBytes { bytes in bytes.map { String(format: "%02x", $0) }.joined() }
        let file: OpenFile
        do {
            file = try OpenFile(creating: path, permissions: 0o600, exclusive: true)
        } catch {
            // Another process of this folder made it first.
            if error.isFileExists { return try load(file: path) }
            throw ConfigurationError("cannot create the audit key file \(path): \(error); check the data folder.")
        }
        var failure: SystemError?
        do {
            try file.write(Array((text + "\n").utf8))
            try file.sync()
        } catch {
            failure = error
        }
        file.close()
        if let failure {
            try? FileManager.default.removeItem(atPath: path)
            throw ConfigurationError("cannot write the audit key file \(path): \(failure); check the data folder.")
        }
        return try AuditKey(text, source: path)
    }
}

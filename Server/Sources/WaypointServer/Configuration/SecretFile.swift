import Foundation
import SystemCalls

/// A secret kept in a file of one line, such as the admin token (`--admin-token-file`) or the
/// audit log's key (`DATA/audit.key`, `--audit-key-file`): read only when the file is a regular
/// file that other users cannot read or write.
public struct SecretFile: Sendable {
    /// The longest file read: a secret is one line.
    public static let maximumBytes = 4096

    /// What the file is called in messages, such as "the admin token file".
    let what: String
    /// The option that names another file, such as "--admin-token-file".
    let option: String
    /// What the file holds, such as "the token".
    let holds: String

    public init(what: String, option: String, holds: String) {
        self.what = what
        self.option = option
        self.holds = holds
    }

    /// The secret in the file at `path`: its one line, without the spaces and line break around it.
    public func read(_ path: String) throws(ConfigurationError) -> String {
        let status: FileStatus
        do {
            status = try FileStatus(path: path)
        } catch {
            if error.isNoSuchFile {
                throw ConfigurationError(
                    "\(what) \(path) does not exist; create it with `(umask 077 && openssl rand -hex 32 > \(path))` "
                        + "or pass the right path to \(option).")
            }
            throw ConfigurationError(
                "cannot read \(what) \(path): \(error); "
                    + "make it readable by the user the server runs as, or pass another \(option).")
        }
        guard status.isRegularFile else {
            throw ConfigurationError("\(what) \(path) is not a regular file; pass the file that holds \(holds) to \(option).")
        }
        let mode = status.permissions
        guard mode & 0o007 == 0 else {
            throw ConfigurationError(
                "\(what) \(path) can be read or written by every user (mode 0\(String(mode, radix: 8))); "
                    + "make it private with `chmod 600 \(path)`.")
        }
        guard status.size <= Self.maximumBytes else {
            throw ConfigurationError(
                "\(what) \(path) has \(status.size) bytes; it should hold only \(holds), one line "
                    + "such as the output of `openssl rand -hex 32`.")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ConfigurationError(
                "cannot read \(what) \(path): \(SystemError.last); "
                    + "make it readable by the user the server runs as (and by no one else: `chmod 600 \(path)`).")
        }
        defer { try? handle.close() }
        let bytes: Data
        do {
            bytes = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
        } catch {
            throw ConfigurationError(
                "cannot read \(what) \(path): \(SystemError.last); make it readable by the user the server runs as.")
        }
        let secret = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.contains(where: \.isNewline) else {
            throw ConfigurationError(
                "\(what) \(path) holds more than one line; it should hold only \(holds), such as the output of `openssl rand -hex 32`.")
        }
        return secret
    }
}

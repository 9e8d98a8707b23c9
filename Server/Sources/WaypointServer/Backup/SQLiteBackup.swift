import Foundation
import GRDB
import SystemCalls

/// `waypoint-server backup`: a consistent copy of the SQLite database, taken while a server may be
/// writing to it (docs/ARCHITECTURE.md, "Operating the server").
///
/// SQLite's online backup (through GRDB) copies every page within one read transaction: the copy
/// is the database as it was at one moment, with every event acknowledged before that moment.
/// It is written to a temporary file beside the destination (mode 0600), checked, flushed to disk,
/// then renamed over the destination: the destination is the previous file or the whole new copy,
/// never a part of one.
public enum SQLiteBackup {
    /// What a copy holds.
    public struct Summary: Sendable, Hashable {
        public let apps: Int
        public let revisions: Int
        public let events: Int
        public let bytes: Int
    }

    /// Copies `DIRECTORY/waypoint.sqlite` to `destination`; throws a ``BackupError`` that says why not.
    public static func copy(directory: URL, to destination: URL) throws -> Summary {
        let source = directory.appendingPathComponent("waypoint.sqlite").path
        guard FileManager.default.fileExists(atPath: source) else { throw BackupError.noDatabase(path: source) }
        let target = destination.standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw BackupError.destinationIsFolder(path: target.path)
        }
        let folder = target.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw BackupError.noDestinationFolder(path: folder.path)
        }
        let process = ProcessInfo.processInfo.processIdentifier
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(process)-\(UUID().uuidString.prefix(8))").path
        do {
            try OpenFile(creating: temporary, permissions: 0o600, exclusive: true).close()
        } catch {
            throw BackupError.cannotWrite(folder: folder.path, reason: error.description)
        }
        do {
            let summary = try copy(source: source, to: temporary)
            try flush(temporary)
            do {
                try FileCalls.rename(temporary, to: target.path)
            } catch {
                throw BackupError.cannotWrite(folder: folder.path, reason: error.description)
            }
            try? flush(folder.path)
            return summary
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
            if let error = error as? BackupError { throw error }
            throw BackupError.copyFailed(path: target.path, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }

    /// The online backup of `source` into the (empty) file `temporary`, checked and counted.
    private static func copy(source: String, to temporary: String) throws -> Summary {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let reader: DatabaseQueue
        do {
            reader = try DatabaseQueue(path: source, configuration: configuration)
            // Fails on a file that is not a Waypoint database, before anything is copied.
            _ = try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM apps") }
        } catch {
            throw BackupError.cannotRead(path: source, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
        defer { try? reader.close() }
        let copy = try DatabaseQueue(path: temporary)
        defer { try? copy.close() }
        try reader.backup(to: copy)
        return try copy.read { db in
            let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
            guard check == "ok" else { throw BackupError.copyFailed(path: temporary, reason: "the copy does not pass SQLite's check: \(check)") }
            let bytes = try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
            return Summary(
                apps: try Int.fetchOne(db, sql: "SELECT count(*) FROM apps") ?? 0,
                revisions: try Int.fetchOne(db, sql: "SELECT count(*) FROM revisions") ?? 0,
                events: try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? 0,
                bytes: bytes)
        }
    }

    /// `fsync` of a file or folder, so a rename after it cannot expose an incomplete file.
    private static func flush(_ path: String) throws {
        do {
            try OpenFile(reading: path).sync()
        } catch {
            throw BackupError.copyFailed(path: path, reason: error.description)
        }
    }
}

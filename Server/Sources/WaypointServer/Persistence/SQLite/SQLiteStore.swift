import Foundation
import GRDB
import SystemCalls

/// The embedded store: SQLite through GRDB, in write-ahead-log mode.
///
/// Durability: every write is one transaction, and `synchronous = FULL` makes SQLite `fsync` the
/// write-ahead log at each commit, so a batch of events that was answered with 200 survives a
/// crash of the process or of the machine. Uniqueness of `(app, messageId)` is a constraint of
/// the table, so it holds for every process that opens the file.
public final class SQLiteStore: Sendable {
    let pool: DatabasePool
    /// The data folder, for the readiness check's words and its free-space check.
    let directory: URL
    /// Chains each audit entry to the one before (``AuditChain``).
    let auditChain: AuditChain
    /// Whether the report ledger was built by this server's report rules.
    public let reportLedger = ReportLedger()
    /// Batches of events waiting for the writer, written in groups (``GroupCommit``).
    let ingestion: GroupCommit<InsertJob, InsertResult>

    /// The most batches of events one write transaction holds (``GroupCommit``).
    static let maxBatchesPerTransaction = 16

    /// How many pages the write-ahead log grows by before SQLite copies it into the database.
    static let checkpointPages = 10_000

    /// Opens (creating when needed) `DIRECTORY/waypoint.sqlite` and brings its schema up to date.
    ///
    /// A folder it creates is private to its owner (0700), and the database files are made 0600
    /// (SQLite creates the `-wal` and `-shm` files with the database file's mode). Writing is
    /// checked at once, so a folder that cannot be written fails here rather than at the first request.
    ///
    /// The audit log is chained with `auditKey`, or else with the key of `DIRECTORY/audit.key`,
    /// made at the first start (``AuditKey``).
    public convenience init(directory: URL, auditKey: AuditKey? = nil) throws {
        try self.init(directory: directory, maxPageCount: nil, auditKey: auditKey)
    }

    /// Opens the database as ``init(directory:auditKey:)`` does; with `maxPageCount`, every connection caps
    /// the file at that many pages, as a full disk would (the tests' way to fill it).
    init(directory: URL, maxPageCount: Int?, auditKey: AuditKey? = nil) throws {
        try Self.prepareFolder(directory)
        self.directory = directory
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            if let maxPageCount { try db.execute(sql: "PRAGMA max_page_count = \(maxPageCount)") }
            // Deleted rows are overwritten with zeros, not left in free space (erasure and retention).
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // The log is copied into the database every 10,000 pages (40 MB) rather than SQLite's
            // 1,000: a page that batches of events change again and again (a report cell, an
            // index's inner page) is copied once per checkpoint, so ingestion writes less.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
        }
        let path = directory.appendingPathComponent("waypoint.sqlite").path
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // The pool turns its writer to `synchronous = NORMAL` when it sets up the log, after
            // `prepareDatabase`: without this, a commit would not reach the disk before its answer.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            let key = try auditKey ?? AuditKey.dataFolderKey(directory) {
                try pool.read { db in
                    try db.tableExists("audit_log") && db.columns(in: "audit_log").contains { $0.name == "chain" }
                        && Bool.fetchOne(db, sql: "SELECT 1 FROM audit_log WHERE chain IS NOT NULL LIMIT 1") == true
                }
            }
            let chain = AuditChain(key: key)
            auditChain = chain
            try Self.migrator(chain: chain).migrate(pool)
            let ledgerVersion = try pool.read { db in try Int.fetchOne(db, sql: StoreSchema.reportLedgerVersionQuery) }
            reportLedger.note(stored: ledgerVersion ?? 0)
            // Rewrites the header's user version with its own value: a real write, which fails
            // on a database file that can only be read.
            try pool.write { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw StoreError.cannotOpenDatabase(path: path, reason: "\(error)")
        }
        self.pool = pool
        let ledger = reportLedger
        ingestion = GroupCommit(maxJobs: Self.maxBatchesPerTransaction) { jobs in
            try await pool.write { db in try Self.insert(jobs, db, ledger: ledger) }
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path + suffix)
        }
    }

    /// Creates `directory` (0700) when it does not exist, and checks that a file can be written in it.
    private static func prepareFolder(_ directory: URL) throws {
        let path = directory.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw StoreError.cannotCreateFolder(path: path, reason: "a file is there, not a folder")
            }
        } else {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotCreateFolder(path: path, reason: Self.reason(creating: directory))
            }
        }
        let probe = directory.appendingPathComponent(".waypoint-write-check-\(ProcessInfo.processInfo.processIdentifier)").path
        let file: OpenFile
        do {
            file = try OpenFile(creating: probe, permissions: 0o600, exclusive: false)
        } catch {
            throw StoreError.cannotWriteFolder(path: path, reason: error.description)
        }
        var failure: SystemError?
        do { try file.write(Array("ok".utf8)) } catch { failure = error }
        file.close()
        try? FileManager.default.removeItem(atPath: probe)
        if let failure { throw StoreError.cannotWriteFolder(path: path, reason: failure.description) }
    }

    /// Why `directory` cannot be created, in the system's words: the first ancestor that is a file,
    /// or the error of `mkdir` on the deepest missing folder.
    private static func reason(creating directory: URL) -> String {
        var missing = directory.standardizedFileURL
        while !FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path), missing.pathComponents.count > 1 {
            missing = missing.deletingLastPathComponent()
        }
        let parent = missing.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(parent) is a file, not a folder"
        }
        do {
            try FileCalls.makeFolder(missing.path, permissions: 0o700)
        } catch {
            return error.description
        }
        try? FileManager.default.removeItem(atPath: missing.path)
        return "the folder could not be created"
    }

    /// ``StoreMigrations``' steps, for GRDB's migrator.
    private static func migrator(chain: AuditChain) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in StoreMigrations.steps {
            migrator.registerMigration(step.name) { db in
                let statements = try StoreMigrations.chosen(step.statements(.sqlite)) { query in try Row.fetchOne(db, sql: query) != nil }
                for statement in statements { try db.execute(sql: statement) }
                switch step.work {
                case .rebuildContributions?: try SQLiteStore.rebuildContributions(db)
                case .chainAuditLog?: try SQLiteStore.chainAuditLog(db, chain: chain)
                case nil: break
                }
            }
        }
        return migrator
    }

    /// Closes the database's connections; the store is not used afterwards.
    public func close() async throws {
        try pool.close()
    }
}

import Foundation

/// The repositories the server is made of, one per aggregate, all kept in one database
/// (docs/ARCHITECTURE.md, "Persistence").
///
/// Each controller and service takes only the repositories it uses. A test that needs one
/// repository to behave differently replaces it (``replacing(_:with:)``) and keeps the database's
/// others:
///
/// ```swift
/// let repositories = Repositories(try SQLiteStore(directory: folder))
///     .replacing(\.readiness, with: FullDisk())
/// ```
public struct Repositories: Sendable {
    /// Apps, environments and SDK keys.
    public var apps: any AppRepository
    /// Document revisions and publications.
    public var revisions: any RevisionRepository
    /// Events: insertion, export, erasure and retention.
    public var events: any EventRepository
    /// The report ledger.
    public var ledger: any ReportLedgerRepository
    /// The audit log.
    public var audit: any AuditRepository
    /// The records of concluded experiments.
    public var conclusions: any ExperimentConclusionRepository
    /// Whether the database can store now.
    public var readiness: any StorageReadiness
    /// The tables ``People`` reads and writes; nil for repositories made by a test without them
    /// (only the admin token works then).
    var peopleTables: (any SQLRows)?

    /// The repositories of the embedded SQLite database.
    public init(_ database: SQLiteStore) {
        self.init(database: database)
    }

    /// The repositories of a PostgreSQL database.
    public init(_ database: PostgresStore) {
        self.init(database: database)
    }

    /// Every repository of one database.
    init(database: some EventRepository & ReportLedgerRepository & StorageReadiness & SQLRows) {
        // Written once for both databases, over their statements.
        apps = SQLAppRepository(sql: database)
        revisions = SQLRevisionRepository(sql: database)
        events = database
        ledger = database
        audit = SQLAuditRepository(sql: database)
        conclusions = SQLExperimentConclusionRepository(sql: database)
        readiness = database
        peopleTables = database
    }

    /// These repositories with the one at `keyPath` replaced by `repository`.
    public func replacing<Repository>(_ keyPath: WritableKeyPath<Repositories, Repository>, with repository: Repository) -> Repositories {
        var copy = self
        copy[keyPath: keyPath] = repository
        return copy
    }
}

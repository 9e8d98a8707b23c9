import Foundation
@testable import WaypointServer

/// A database as the tests hold it: every repository, the people tables, and a way to close it.
/// The server itself takes ``Repositories``, each controller only the repositories it uses.
typealias TestDatabase = any EventRepository & ReportLedgerRepository & StorageReadiness & SQLRows & ClosableDatabase

/// A database a test can close.
protocol ClosableDatabase: Sendable {
    /// Releases the database's connections; it is not used afterwards.
    func close() async throws
}

extension SQLiteStore: ClosableDatabase {}

extension PostgresStore: ClosableDatabase {
    /// Nothing to release: the pool ends with the service that runs it.
    func close() async throws {}
}

extension Repositories {
    /// Every repository of a test's database.
    init(_ database: TestDatabase) {
        self.init(database: database)
    }
}

extension SQLRows {
    /// This database's apps, environments and keys, as the server reads and writes them.
    var apps: SQLAppRepository { SQLAppRepository(sql: self) }

    /// This database's revisions and publications, as the server reads and writes them.
    var revisions: SQLRevisionRepository { SQLRevisionRepository(sql: self) }

    /// This database's audit log, as the server reads and writes it.
    var audit: SQLAuditRepository { SQLAuditRepository(sql: self) }

    /// This database's records of concluded experiments, as the server reads them.
    var conclusions: SQLExperimentConclusionRepository { SQLExperimentConclusionRepository(sql: self) }
}

extension AppAdministration {
    /// The administration of a test's database, with the server's defaults.
    init(_ database: TestDatabase, metrics: ServerMetrics = ServerMetrics()) {
        self.init(
            apps: database.apps, revisions: database.revisions, events: database, ledger: database, audit: database.audit,
            conclusions: database.conclusions,
            documents: PublishedDocumentCache(revisions: database.revisions), metrics: metrics)
    }
}

/// Tests name apps by literal, as fixtures do (`"fitness"`); the server parses them at its edges.
extension AppID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

/// Tests name environments by literal (`"production"`); the server parses them at its edges.
extension EnvironmentName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

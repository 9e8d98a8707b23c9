import Foundation
import Logging
import ServiceLifecycle

/// Opens the database a configuration names, as its ``Repositories``.
enum StoreFactory {
    struct Opened {
        let repositories: Repositories
        let services: [any Service]
        let beforeStart: (@Sendable () async throws -> Void)?
    }

    static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> Opened {
        switch configuration.storage {
        case .sqlite(let directory):
            let store = try SQLiteStore(directory: directory, auditKey: configuration.auditKey)
            return Opened(repositories: Repositories(store), services: [ReportLedgerService(ledger: store, logger: logger)], beforeStart: nil)
        case .postgres(let url):
            guard let auditKey = configuration.auditKey else { throw AuditKey.missingForPostgres }
            let store = try PostgresStore(url: url, connectionWait: configuration.databaseConnectionWait, auditKey: auditKey, logger: logger)
            try await store.checkConnection()
            // The ledger's service waits for the migrations, which read the ledger's version.
            return Opened(
                repositories: Repositories(store), services: [store.service, ReportLedgerService(ledger: store, logger: logger)],
                beforeStart: { try await store.migrate() })
        }
    }
}

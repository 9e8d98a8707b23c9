import Foundation
import Logging
import ServiceLifecycle

/// Opens the store a configuration names.
enum StoreFactory {
    struct Opened {
        let store: any Store
        let services: [any Service]
        let beforeStart: (@Sendable () async throws -> Void)?
    }

    static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> Opened {
        switch configuration.storage {
        case .sqlite(let directory):
            return Opened(store: try SQLiteStore(directory: directory, auditKey: configuration.auditKey), services: [], beforeStart: nil)
        case .postgres(let url):
            guard let auditKey = configuration.auditKey else { throw AuditKey.missingForPostgres }
            let store = try PostgresStore(url: url, connectionWait: configuration.databaseConnectionWait, auditKey: auditKey, logger: logger)
            try await store.checkConnection()
            return Opened(store: store, services: [store.service], beforeStart: { try await store.migrate() })
        }
    }
}

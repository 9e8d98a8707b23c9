import Foundation
import Logging
import NIOCore
import PostgresNIO

extension PostgresStore: StorageReadiness {
    public func checkStorage() async throws {
        try reportLedger.checkReady()
        let stored: Int?
        do {
            stored = try await Self.ledgerVersion(client, logger: logger)
        } catch {
            throw StoreError(storageFailure: error) ?? StoreError.storageUnavailable(StoreError.postgresLost("\(error)"))
        }
        // Another server may have rebuilt the ledger, or a later release taken the database over.
        try reportLedger.check(stored: stored)
    }
}

import Foundation
@testable import WaypointServer

/// A repository whose every call throws `error`, as a database that went away or a disk that is
/// full. A test replaces only the repositories it needs to fail (``Repositories/replacing(_:with:)``);
/// the others stay those of a real database.
struct Failing: Sendable {
    /// What a failing call throws when the test names nothing: an error the server does not know.
    struct Unknown: Error {}

    var error: any Error = Unknown()
}

extension Failing: AppRepository {
    func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws { throw error }
    func app(id: AppID) async throws -> AppRecord? { throw error }
    func apps() async throws -> [AppRecord] { throw error }
    func environmentSummaries(appID: AppID, recentSince: Date) async throws -> [EnvironmentSummary] { throw error }
    func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? { throw error }
    func keys(appID: AppID, environment: EnvironmentName) async throws -> [SDKKeySummary] { throw error }
    func rotateKey(
        appID: AppID, environment: EnvironmentName, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] { throw error }
    func revokeKey(appID: AppID, environment: EnvironmentName, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary { throw error }
}

extension Failing: EventRepository {
    func insertEvents(_ events: [StoredEvent], appID: AppID) async throws -> InsertResult { throw error }
    func eventCount(appID: AppID, environment: EnvironmentName) async throws -> Int { throw error }
    func events(appID: AppID, environment: EnvironmentName?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage {
        throw error
    }
    func eventsByUser(appID: AppID, environment: EnvironmentName?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws
        -> UserOrderedPage { throw error }
    func flowIDs(appID: AppID, environment: EnvironmentName, limit: Int) async throws -> [String] { throw error }
    func eraseUser(appID: AppID, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int { throw error }
    func deleteEvents(before cutoff: Int64) async throws -> Int { throw error }
}

extension Failing: StorageReadiness {
    func checkStorage() async throws { throw error }
}

extension Failing: SQLRows {
    var dialect: SQLDialect { .sqlite }
    func perform<Result: Sendable>(_ work: SQLWork<Result>) async throws -> Result { throw error }
    func read(_ query: SQLQuery) async throws -> [SQLRow] { throw error }
}

extension Repositories {
    /// These repositories with apps, keys, the people tables and the storage check failing with
    /// `error`: every request that needs the database fails, as when its disk is full or it is gone.
    func failingEverywhereAsked(with error: any Error = Failing.Unknown()) -> Repositories {
        var copy = self
        copy.apps = Failing(error: error)
        copy.readiness = Failing(error: error)
        copy.peopleTables = Failing(error: error)
        return copy
    }
}

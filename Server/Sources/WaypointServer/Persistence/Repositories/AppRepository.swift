import Foundation

/// Apps, their environments and their SDK keys (docs/ARCHITECTURE.md, "Persistence").
///
/// Secrets never reach a repository: environments are found by the SHA-256 of their SDK key, and
/// keys are named by their prefix. ``SQLiteStore`` and ``PostgresStore`` implement it and pass the
/// same contract tests.
public protocol AppRepository: Sendable {
    /// Creates an app with its environments, each with its key (``EnvironmentRecord/keyHash`` and
    /// ``EnvironmentRecord/keyPrefix``) as its current key made at the app's creation; throws
    /// ``StoreError/appExists(appID:)`` when the id exists. `audit` is added to the audit log in the
    /// same transaction.
    func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws

    /// The app with this id, if any.
    func app(id: AppID) async throws -> AppRecord?

    /// Every app, by id.
    func apps() async throws -> [AppRecord]

    /// An app's environments, by name, with what each serves, when it last received an event, and
    /// how many events it received at or after `recentSince` (each figure read from an index).
    func environmentSummaries(appID: AppID, recentSince: Date) async throws -> [EnvironmentSummary]

    /// The environment whose SDK key has this SHA-256 (hex), if that key works at `now`: it is the
    /// environment's current key, or it expires after `now`.
    func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord?

    /// An environment's keys, oldest first, those that no longer work included; throws
    /// ``StoreError/noEnvironment(appID:environment:)`` when it does not exist.
    func keys(appID: AppID, environment: EnvironmentName) async throws -> [SDKKeySummary]

    /// Makes the key with this SHA-256 and prefix, made at `now`, the environment's current key;
    /// every other key that works after `previousUntil` then stops working at `previousUntil`.
    /// Returns the environment's keys, as ``keys(appID:environment:)`` lists them.
    ///
    /// One transaction: an environment has one current key, however many rotations run at once.
    /// Throws ``StoreError/noEnvironment(appID:environment:)``, or
    /// ``StoreError/keyPrefixTaken(appID:environment:prefix:)`` when the environment has a key with
    /// this prefix already (nothing changes then). The entry `audit` makes of the keys is added to
    /// the audit log in the same transaction.
    func rotateKey(
        appID: AppID, environment: EnvironmentName, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary]

    /// Ends the key with this prefix at `now`, unless it ended already; returns it as stored then.
    /// Throws ``StoreError/noEnvironment(appID:environment:)``, ``StoreError/noKey(appID:environment:prefix:)``,
    /// or ``StoreError/currentKey(appID:environment:prefix:)`` for the environment's current key
    /// (nothing changes then: an environment always has a key that works). When this call ended the
    /// key, the entry `audit` makes of it is added to the audit log in the same transaction; a key
    /// that had ended already is returned as it is, and `audit` is not asked.
    func revokeKey(appID: AppID, environment: EnvironmentName, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary
}

extension AppRepository {
    /// Creates an app with no audit entry; see ``createApp(_:environments:audit:)``.
    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord]) async throws {
        try await createApp(app, environments: environments, audit: nil)
    }

    /// Rotates a key with no audit entry; see ``rotateKey(appID:environment:keyHash:prefix:at:previousUntil:audit:)``.
    public func rotateKey(appID: AppID, environment: EnvironmentName, keyHash: String, prefix: String, at now: Date, previousUntil: Date) async throws
        -> [SDKKeySummary] {
        try await rotateKey(appID: appID, environment: environment, keyHash: keyHash, prefix: prefix, at: now, previousUntil: previousUntil, audit: nil)
    }

    /// Ends a key with no audit entry; see ``revokeKey(appID:environment:prefix:at:audit:)``.
    public func revokeKey(appID: AppID, environment: EnvironmentName, prefix: String, at now: Date) async throws -> SDKKeySummary {
        try await revokeKey(appID: appID, environment: environment, prefix: prefix, at: now, audit: nil)
    }
}

import Foundation

/// The revisions of each app's document and where each is published (docs/ARCHITECTURE.md,
/// "Persistence"). ``SQLiteStore`` and ``PostgresStore`` implement it and pass the same contract tests.
public protocol RevisionRepository: Sendable {
    /// Stores a new revision of an app's document (numbered 1, 2, … per app), unless the app has a
    /// revision with these bytes already: then that revision is answered and nothing is stored.
    ///
    /// The lookup (by `sha256`, then the bytes compared) and the insert are one transaction, so two
    /// uploads of the same bytes at once make one revision. The entry `audit` makes of the answer is
    /// added to the audit log in the same transaction.
    ///
    /// A revision made by edits records `edits` (its base revision and the edits' JSON), which
    /// ``revisions(appID:)`` answers; a revision that existed already keeps what it recorded.
    func addRevision(
        appID: AppID, body: [UInt8], sha256: String, createdAt: Date, edits: RevisionEdits?, audit: AuditEntryOf<AddedRevision>?
    ) async throws -> AddedRevision

    /// Every revision of an app, oldest first, with where each is published and, for one made by
    /// edits, its base and edits.
    func revisions(appID: AppID) async throws -> [RevisionSummary]

    /// One revision with its bytes.
    func revision(appID: AppID, number: Int) async throws -> RevisionRecord?

    /// Publishes a revision to an environment at `now`, and records the publish
    /// (``publications(appID:environment:)``); returns the revision published before (nil when none).
    /// Throws ``StoreError/noEnvironment(appID:environment:)`` or ``StoreError/noRevision(appID:revision:)``
    /// when the environment or the revision does not exist (nothing is recorded then). The entry
    /// `audit` makes of the revision published before is added to the audit log in the same transaction,
    /// and so are the records of concluded experiments `conclusions` makes of it
    /// (``ExperimentConclusionRepository`` reads them); when either throws, nothing is recorded.
    func publish(
        appID: AppID, environment: EnvironmentName, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?, conclusions: ConclusionsOf<Int?>?
    ) async throws -> Int?

    /// Every publish to an environment, newest first (the latest of two in one millisecond first);
    /// publishes made before the store recorded them are not listed.
    func publications(appID: AppID, environment: EnvironmentName) async throws -> [PublicationRecord]

    /// The revision published to an environment, with its bytes.
    func publishedRevision(appID: AppID, environment: EnvironmentName) async throws -> RevisionRecord?
}

extension RevisionRepository {
    /// Stores an uploaded revision with no audit entry; see ``addRevision(appID:body:sha256:createdAt:edits:audit:)``.
    public func addRevision(appID: AppID, body: [UInt8], sha256: String, createdAt: Date) async throws -> AddedRevision {
        try await addRevision(appID: appID, body: body, sha256: sha256, createdAt: createdAt, edits: nil, audit: nil)
    }

    /// Stores an uploaded revision; see ``addRevision(appID:body:sha256:createdAt:edits:audit:)``.
    public func addRevision(appID: AppID, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision {
        try await addRevision(appID: appID, body: body, sha256: sha256, createdAt: createdAt, edits: nil, audit: audit)
    }

    /// Publishes with an audit entry and no records of concluded experiments; see
    /// ``publish(appID:environment:revision:at:audit:conclusions:)``.
    public func publish(appID: AppID, environment: EnvironmentName, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? {
        try await publish(appID: appID, environment: environment, revision: revision, at: now, audit: audit, conclusions: nil)
    }

    /// Publishes with no audit entry; see ``publish(appID:environment:revision:at:audit:conclusions:)``.
    public func publish(appID: AppID, environment: EnvironmentName, revision: Int, at now: Date) async throws -> Int? {
        try await publish(appID: appID, environment: environment, revision: revision, at: now, audit: nil, conclusions: nil)
    }

    /// Publishes a revision to an environment now; see ``publish(appID:environment:revision:at:audit:conclusions:)``.
    public func publish(appID: AppID, environment: EnvironmentName, revision: Int) async throws -> Int? {
        try await publish(appID: appID, environment: environment, revision: revision, at: Date(), audit: nil, conclusions: nil)
    }
}

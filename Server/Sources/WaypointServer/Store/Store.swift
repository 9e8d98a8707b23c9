import Foundation
import WaypointTools

/// Where the server keeps apps, environments, document revisions and events.
///
/// Two implementations: ``SQLiteStore`` (GRDB, the embedded default) and ``PostgresStore``
/// (PostgresNIO, for more than one server process). Both pass the same contract tests.
///
/// Secrets never reach a store: environments are found by the SHA-256 of their SDK key, and keys
/// are named by their prefix.
public protocol Store: Sendable {
    /// Creates an app with its environments, each with its key (``EnvironmentRecord/keyHash`` and
    /// ``EnvironmentRecord/keyPrefix``) as its current key made at the app's creation; throws
    /// ``StoreError/appExists(appID:)`` when the id exists. `audit` is added to the audit log in the
    /// same transaction.
    func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws

    /// The app with this id, if any.
    func app(id: String) async throws -> AppRecord?

    /// Every app, by id.
    func apps() async throws -> [AppRecord]

    /// An app's environments, by name, with what each serves, when it last received an event, and
    /// how many events it received at or after `recentSince` (each figure read from an index).
    func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary]

    /// Stores a new revision of an app's document (numbered 1, 2, … per app), unless the app has a
    /// revision with these bytes already: then that revision is answered and nothing is stored.
    ///
    /// The lookup (by `sha256`, then the bytes compared) and the insert are one transaction, so two
    /// uploads of the same bytes at once make one revision. The entry `audit` makes of the answer is
    /// added to the audit log in the same transaction.
    func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision

    /// Every revision of an app, oldest first, with where each is published.
    func revisions(appID: String) async throws -> [RevisionSummary]

    /// One revision with its bytes.
    func revision(appID: String, number: Int) async throws -> RevisionRecord?

    /// Publishes a revision to an environment at `now`, and records the publish
    /// (``publications(appID:environment:)``); returns the revision published before (nil when none).
    /// Throws ``StoreError/noEnvironment(appID:environment:)`` or ``StoreError/noRevision(appID:revision:)``
    /// when the environment or the revision does not exist (nothing is recorded then). The entry
    /// `audit` makes of the revision published before is added to the audit log in the same transaction.
    func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int?

    /// Every publish to an environment, newest first (the latest of two in one millisecond first);
    /// publishes made before the store recorded them are not listed.
    func publications(appID: String, environment: String) async throws -> [PublicationRecord]

    /// The revision published to an environment, with its bytes.
    func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord?

    /// Stores events durably (the call returns only once they survive a crash or power loss) and
    /// drops those whose `messageId` the app already has. `events` have distinct message ids.
    ///
    /// Batches sharing message ids may be inserted at once and never fail for it; each field is
    /// stored as given (a `flowID` of `""` stays `""`, apart from nil), and `seq` follows `events`.
    /// In the same transaction, the report contributions of each user whose events were inserted
    /// are recomputed for the flows and walkthroughs those events name (see ``contributions(appID:environment:kind:subject:revision:since:until:)``).
    /// A new event that would take its user's events of its flow (or walkthrough) beyond
    /// ``ContributionChanges/limits`` is refused (``InsertResult/refused``) and not stored, so the work
    /// and storage of one batch stay bounded by its size whatever the user sent before.
    func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult

    /// How many events `environment` of the app holds, read from one row: the count is kept by
    /// ``insertEvents(_:appID:)``, ``eraseUser(appID:userID:audit:)`` and ``deleteEvents(before:)``
    /// in the transactions that change the events (0 for an environment that never had any).
    func eventCount(appID: String, environment: String) async throws -> Int

    /// A page of an app's events in storage order, after `cursor` (nil: from the start), of those
    /// of `environment` (every environment's when nil) whose time lies in `timestamps` (every event when nil).
    func events(appID: String, environment: String?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage

    /// A page of an app's events of one flow in `environment` (every environment's when nil) ordered
    /// by user, then time, after `cursor`; with `flowID` nil, the events of no flow (walkthrough events).
    func eventsByUser(appID: String, environment: String?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage

    /// The ids of the flows `environment` of the app has events of, sorted by their bytes, at most
    /// `limit` (≥ 1) of them; each found by a seek in an index, never by reading the events.
    func flowIDs(appID: String, environment: String, limit: Int) async throws -> [String]

    /// Releases connections; the store is not used afterwards.
    func close() async throws

    // MARK: Readiness (docs/ARCHITECTURE.md, "Operating the server")

    /// Checks cheaply, against the database itself, that storing is possible now: SQLite commits a
    /// tiny write and has room to grow; PostgreSQL answers `SELECT 1` within the connection wait.
    /// Throws ``StoreError/storageFull(_:)`` or ``StoreError/storageUnavailable(_:)`` saying why
    /// not, in words an operator can act on. `GET /ready` answers with it.
    func checkStorage() async throws
    // MARK: SDK keys

    /// The environment whose SDK key has this SHA-256 (hex), if that key works at `now`: it is the
    /// environment's current key, or it expires after `now`.
    func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord?

    /// An environment's keys, oldest first, those that no longer work included; throws
    /// ``StoreError/noEnvironment(appID:environment:)`` when it does not exist.
    func keys(appID: String, environment: String) async throws -> [SDKKeySummary]

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
        appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary]

    /// Ends the key with this prefix at `now`, unless it ended already; returns it as stored then.
    /// Throws ``StoreError/noEnvironment(appID:environment:)``, ``StoreError/noKey(appID:environment:prefix:)``,
    /// or ``StoreError/currentKey(appID:environment:prefix:)`` for the environment's current key
    /// (nothing changes then: an environment always has a key that works). When this call ended the
    /// key, the entry `audit` makes of it is added to the audit log in the same transaction; a key
    /// that had ended already is returned as it is, and `audit` is not asked.
    func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary

    // MARK: Erasure and retention (docs/ARCHITECTURE.md, "Operating the server")

    /// Deletes every stored event of `userID` in every environment of the app, and returns how
    /// many there were.
    ///
    /// The erased events' message ids (random, not personal) are kept, with their time, in
    /// `erased_messages`: an erased event delivered again stays a duplicate. The deletion and the
    /// ids are one transaction, and no insert of the app's events runs between them; so is the
    /// entry `audit` makes of the count, added to the audit log, and the removal of the user's report
    /// contributions from the sums.
    func eraseUser(appID: String, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int

    /// Deletes the events of every app whose time is before `cutoff` (milliseconds since 1970),
    /// and the kept message ids of erased events as old; returns how many events were deleted.
    /// Works in transactions of a bounded size, so ingestion is not held up for long; each also
    /// recomputes the report contributions of the users whose events it deleted, from those left.
    func deleteEvents(before cutoff: Int64) async throws -> Int

    // MARK: Report contributions (docs/ARCHITECTURE.md, "Report contributions in the stores")

    /// The contributions of a report's scope: the rows of `kind`'s report of `subject` over the
    /// runs of `revision` (all of them when nil) in `environment`, of the users whose start lies
    /// in [`since`, `until`) (milliseconds since 1970; every user, those without a start included,
    /// when both are nil), and the groups of the users outside that range. A `revision` below 1 has
    /// none: the server serves no such revision, and rows of one are not kept.
    ///
    /// Full UTC days of the range are read from the summed cells, the days it cuts from the users'
    /// rows by their start time; so the cost follows days × groups, never events. Contributions
    /// are kept by ``insertEvents(_:appID:)``, ``eraseUser(appID:userID:audit:)`` and
    /// ``deleteEvents(before:)`` in the transactions that change the events.
    ///
    /// Cells count their durations by page and keep each page's exact durations apart
    /// (docs/ARCHITECTURE.md, "Report contributions in the stores"). Given `medianPages`, the store
    /// calls it with the scope read so far and adds the rows of the pages it names, read in the
    /// same snapshot: a flow report passes `Funnel.medianPages(contributions:query:groupsOutsideRange:)`.
    /// Without it, every page of the cells read is added, so the rows sum to exact figures.
    func contributions(
        appID: String, environment: String, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
        medianPages: (@Sendable (ContributionScope) -> Set<Int32>)?
    ) async throws -> ContributionScope

    /// The subjects (flow or walkthrough ids) that `kind`'s report has users of in `environment`,
    /// sorted, at most `limit`: what a report without events names as the ones with events.
    func contributionSubjects(appID: String, environment: String, kind: ContributionKind, limit: Int) async throws -> [String]

    /// Every cell and every user's rows of an environment; it reads them all, so it is for checks,
    /// never for a report.
    func storedContributions(appID: String, environment: String) async throws -> StoredContributions

    // MARK: Audit log (docs/ARCHITECTURE.md, "The audit log")

    /// Adds an entry to the audit log, in a transaction of its own, chained to the entry before
    /// (``AuditChain``). The log is append-only: the protocol has no way to change or delete an
    /// entry, and the database refuses both.
    func appendAudit(_ entry: AuditEntry) async throws

    /// A page of the audit log's entries that match `query`, newest first.
    func auditEntries(_ query: AuditQuery) async throws -> AuditPage
}

extension Store {
    /// Creates an app with no audit entry; see ``createApp(_:environments:audit:)``.
    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord]) async throws {
        try await createApp(app, environments: environments, audit: nil)
    }

    /// Stores a revision with no audit entry; see ``addRevision(appID:body:sha256:createdAt:audit:)``.
    public func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date) async throws -> AddedRevision {
        try await addRevision(appID: appID, body: body, sha256: sha256, createdAt: createdAt, audit: nil)
    }

    /// Publishes with no audit entry; see ``publish(appID:environment:revision:at:audit:)``.
    public func publish(appID: String, environment: String, revision: Int, at now: Date) async throws -> Int? {
        try await publish(appID: appID, environment: environment, revision: revision, at: now, audit: nil)
    }

    /// Rotates a key with no audit entry; see ``rotateKey(appID:environment:keyHash:prefix:at:previousUntil:audit:)``.
    public func rotateKey(appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date) async throws
        -> [SDKKeySummary] {
        try await rotateKey(appID: appID, environment: environment, keyHash: keyHash, prefix: prefix, at: now, previousUntil: previousUntil, audit: nil)
    }

    /// Ends a key with no audit entry; see ``revokeKey(appID:environment:prefix:at:audit:)``.
    public func revokeKey(appID: String, environment: String, prefix: String, at now: Date) async throws -> SDKKeySummary {
        try await revokeKey(appID: appID, environment: environment, prefix: prefix, at: now, audit: nil)
    }

    /// Erases a user with no audit entry; see ``eraseUser(appID:userID:audit:)``.
    public func eraseUser(appID: String, userID: String) async throws -> Int {
        try await eraseUser(appID: appID, userID: userID, audit: nil)
    }

    /// Publishes a revision to an environment now; see ``publish(appID:environment:revision:at:audit:)``.
    public func publish(appID: String, environment: String, revision: Int) async throws -> Int? {
        try await publish(appID: appID, environment: environment, revision: revision, at: Date(), audit: nil)
    }
}

extension Store {
    /// The contributions of a report's scope with every page of their cells: rows that sum to
    /// exact figures (see ``contributions(appID:environment:kind:subject:revision:since:until:medianPages:)``).
    public func contributions(
        appID: String, environment: String, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?
    ) async throws -> ContributionScope {
        try await contributions(
            appID: appID, environment: environment, kind: kind, subject: subject, revision: revision, since: since, until: until,
            medianPages: nil)
    }
}

import Foundation

/// Where the server keeps apps, environments, document revisions and events.
///
/// Two implementations: ``SQLiteStore`` (GRDB, the embedded default) and ``PostgresStore``
/// (PostgresNIO, for more than one server process). Both pass the same contract tests.
///
/// Secrets never reach a store: environments are found by the SHA-256 of their SDK key.
public protocol Store: Sendable {
    /// Creates an app with its environments; throws ``StoreError/appExists(appID:)`` when the id exists.
    func createApp(_ app: AppRecord, environments: [EnvironmentRecord]) async throws

    /// The app with this id, if any.
    func app(id: String) async throws -> AppRecord?

    /// Every app, by id.
    func apps() async throws -> [AppRecord]

    /// An app's environments, by name, with what each serves and when it last received an event.
    func environmentSummaries(appID: String) async throws -> [EnvironmentSummary]

    /// The environment whose SDK key has this SHA-256 (hex), if any.
    func environment(keyHash: String) async throws -> EnvironmentRecord?

    /// Stores a new revision of an app's document (numbered 1, 2, … per app), unless the app has a
    /// revision with these bytes already: then that revision is answered and nothing is stored.
    ///
    /// The lookup (by `sha256`, then the bytes compared) and the insert are one transaction, so two
    /// uploads of the same bytes at once make one revision.
    func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date) async throws -> AddedRevision

    /// Every revision of an app, oldest first, with where each is published.
    func revisions(appID: String) async throws -> [RevisionSummary]

    /// One revision with its bytes.
    func revision(appID: String, number: Int) async throws -> RevisionRecord?

    /// Publishes a revision to an environment; returns the revision published before (nil when none).
    /// Throws ``StoreError/noEnvironment(appID:environment:)`` or ``StoreError/noRevision(appID:revision:)``
    /// when the environment or the revision does not exist.
    func publish(appID: String, environment: String, revision: Int) async throws -> Int?

    /// The revision published to an environment, with its bytes.
    func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord?

    /// Stores events durably (the call returns only once they survive a crash or power loss) and
    /// drops those whose `messageId` the app already has. `events` have distinct message ids.
    ///
    /// Batches sharing message ids may be inserted at once and never fail for it; each field is
    /// stored as given (a `flowID` of `""` stays `""`, apart from nil), and `seq` follows `events`.
    func insertEvents(_ events: [StoredEvent], appID: String) async throws -> InsertResult

    /// A page of an app's events in storage order, after `cursor` (nil: from the start), of those
    /// whose time lies in `timestamps` (every event when nil).
    func events(appID: String, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage

    /// A page of an app's events of one flow ordered by user, then time, after `cursor`; with
    /// `flowID` nil, the events of no flow (walkthrough events).
    func eventsByUser(appID: String, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage

    /// Releases connections; the store is not used afterwards.
    func close() async throws

    // MARK: Erasure and retention (docs/ARCHITECTURE.md, "Operating the server")

    /// Deletes every stored event of `userID` in every environment of the app, and returns how
    /// many there were.
    ///
    /// The erased events' message ids (random, not personal) are kept, with their time, in
    /// `erased_messages`: an erased event delivered again stays a duplicate. The deletion and the
    /// ids are one transaction, and no insert of the app's events runs between them.
    func eraseUser(appID: String, userID: String) async throws -> Int

    /// Deletes the events of every app whose time is before `cutoff` (milliseconds since 1970),
    /// and the kept message ids of erased events as old; returns how many events were deleted.
    /// Works in transactions of a bounded size, so ingestion is not held up for long.
    func deleteEvents(before cutoff: Int64) async throws -> Int
}

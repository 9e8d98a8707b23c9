import Foundation

/// The events apps send: storing them, reading them back in pages, erasing a user and deleting
/// what is older than the retention (docs/ARCHITECTURE.md, "Persistence"). Storing and deleting
/// also keep the report ledger (``ReportLedgerRepository``) in the same transactions.
/// ``SQLiteStore`` and ``PostgresStore`` implement it and pass the same contract tests.
public protocol EventRepository: Sendable {
    /// Stores events durably (the call returns only once they survive a crash or power loss) and
    /// drops those whose `messageId` the app already has. `events` have distinct message ids.
    ///
    /// Batches sharing message ids may be inserted at once and never fail for it; each field is
    /// stored as given (a `flowID` of `""` stays `""`, apart from nil), and `seq` follows `events`.
    /// In the same transaction, the report contributions of each user whose events were inserted
    /// are recomputed for the flows and walkthroughs those events name (see ``ReportLedgerRepository/contributions(appID:environment:kind:subject:revision:since:until:cells:medianPages:)``).
    /// A new event that would take its user's events of its flow (or walkthrough) beyond
    /// ``ContributionChanges/limits`` is refused (``InsertResult/refused``) and not stored, so the work
    /// and storage of one batch stay bounded by its size whatever the user sent before.
    func insertEvents(_ events: [StoredEvent], appID: AppID) async throws -> InsertResult

    /// How many events `environment` of the app holds, read from one row: the count is kept by
    /// ``insertEvents(_:appID:)``, ``eraseUser(appID:userID:audit:)`` and ``deleteEvents(before:)``
    /// in the transactions that change the events (0 for an environment that never had any).
    func eventCount(appID: AppID, environment: EnvironmentName) async throws -> Int

    /// A page of an app's events in storage order, after `cursor` (nil: from the start), of those
    /// of `environment` (every environment's when nil) whose time lies in `timestamps` (every event when nil).
    func events(appID: AppID, environment: EnvironmentName?, timestamps: EventTimeRange?, after cursor: Int64?, limit: Int) async throws -> EventPage

    /// A page of an app's events of one flow in `environment` (every environment's when nil) ordered
    /// by user, then time, after `cursor`; with `flowID` nil, the events of no flow (walkthrough events).
    func eventsByUser(appID: AppID, environment: EnvironmentName?, flowID: String?, after cursor: UserOrderCursor?, limit: Int) async throws -> UserOrderedPage

    /// The ids of the flows `environment` of the app has events of, sorted by their bytes, at most
    /// `limit` (≥ 1) of them; each found by a seek in an index, never by reading the events.
    func flowIDs(appID: AppID, environment: EnvironmentName, limit: Int) async throws -> [String]

    /// Deletes every stored event of `userID` in every environment of the app, and returns how
    /// many there were.
    ///
    /// The erased events' message ids (random, not personal) are kept, with their time, in
    /// `erased_messages`: an erased event delivered again stays a duplicate. The deletion and the
    /// ids are one transaction, and no insert of the app's events runs between them; so is the
    /// entry `audit` makes of the count, added to the audit log, and the removal of the user's report
    /// contributions from the sums.
    func eraseUser(appID: AppID, userID: String, audit: AuditEntryOf<Int>?) async throws -> Int

    /// Deletes the events of every app whose time is before `cutoff` (milliseconds since 1970),
    /// and the kept message ids of erased events as old; returns how many events were deleted.
    /// Works in transactions of a bounded size, so ingestion is not held up for long; each also
    /// recomputes the report contributions of the users whose events it deleted, from those left.
    func deleteEvents(before cutoff: Int64) async throws -> Int
}

extension EventRepository {
    /// Erases a user with no audit entry; see ``eraseUser(appID:userID:audit:)``.
    public func eraseUser(appID: AppID, userID: String) async throws -> Int {
        try await eraseUser(appID: appID, userID: userID, audit: nil)
    }
}

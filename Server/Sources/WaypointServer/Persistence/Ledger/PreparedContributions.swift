import WaypointTools

/// A batch's contribution rows worked out before its write transaction, from a snapshot, so that
/// the store's one writer only checks them and applies them (docs/ARCHITECTURE.md, "Report
/// contributions in the stores").
///
/// A user's rows of a set of subjects are a function of the user's stored events of those
/// subjects. The snapshot's events plus the batch's new events, in storage order, give the rows
/// the user will have after the insert, provided that the writer finds exactly those events: the
/// snapshot's, then the ones it inserted. ``matches(inserted:storedSeqs:)`` is that check; when it
/// fails (another batch or an erasure changed the user's events in between, or an event thought
/// new was a duplicate) the writer recomputes the user itself.
struct PreparedContributions: Sendable {
    /// One user's prepared rows.
    struct User: Sendable {
        /// The flows and walkthroughs recomputed.
        var subjects: Set<ExactID>
        /// The storage order (`seq`) of the snapshot's events of ``subjects``, ascending.
        var storedSeqs: [Int64]
        /// The message ids of the batch's events of ``subjects`` that the snapshot did not hold, in batch order.
        var newMessageIDs: [String]
        /// By message id, those of them beyond ``ContributionChanges/limits`` beside the snapshot's
        /// events, and why: the writer deletes them again and the rows leave them out.
        var refused: [String: String]
        /// The user's rows of ``subjects`` in the snapshot.
        var old: [StoredContribution]
        /// The user's rows of ``subjects`` once the new events are stored.
        var new: [StoredContribution]
    }

    /// The prepared users.
    private(set) var users: [ContributionUser: User] = [:]

    /// What replacing the prepared users' ``User/old`` rows by their ``User/new`` ones adds to each
    /// cell, all of them together: the writer applies it in one go, taking back the share of any
    /// user it recomputes instead (``takeBack(_:from:)``).
    private(set) var cells = ContributionChanges()

    /// The events of `events` that a store holding `isStored`'s message ids would insert, in order:
    /// the first of each message id, when it is not stored yet.
    static func new(_ events: [StoredEvent], isStored: (StoredEvent) throws -> Bool) rethrows -> [StoredEvent] {
        var seen: Set<ExactID> = []
        var new: [StoredEvent] = []
        for event in events where seen.insert(ExactID(event.messageID)).inserted {
            if try !isStored(event) { new.append(event) }
        }
        return new
    }

    /// Prepares `user`'s rows of `subjects` from the snapshot's `stored` events of them (storage
    /// order) and `old` rows, and `added`, the batch's new events of the user of those subjects
    /// (in batch order; ``ContributionChanges/byUser(_:event:)``).
    mutating func prepare(
        _ user: ContributionUser, subjects: Set<ExactID>, stored: [(seq: Int64, line: String)], old: [StoredContribution],
        added: [StoredEvent]
    ) throws {
        let verdicts = ContributionChanges.limits.admit(stored: stored.map(\.line), new: added.map(\.line))
        var refused: [String: String] = [:]
        var admitted: [String] = []
        for (event, verdict) in zip(added, verdicts) {
            if let verdict { refused[event.messageID] = verdict } else { admitted.append(event.line) }
        }
        // With every new event refused the user's events stay the snapshot's, and so do their rows.
        let rows = admitted.isEmpty ? old : ContributionChanges.rows(lines: stored.map(\.line) + admitted, subjects: subjects)
            .map { StoredContribution(user: user, row: $0) }
        if let replaced = users[user] { try Self.takeBack(replaced, from: &cells) }
        try cells.difference(replacing: old, with: rows)
        users[user] = User(
            subjects: subjects, storedSeqs: stored.map(\.seq), newMessageIDs: added.map(\.messageID), refused: refused, old: old,
            new: rows)
    }

    /// Gives `user` other new rows, with the cells' differences to match.
    mutating func replaceNewRows(of user: ContributionUser, with rows: [StoredContribution]) throws {
        guard var prepared = users[user] else { return }
        try Self.takeBack(prepared, from: &cells)
        prepared.new = rows
        try cells.difference(replacing: prepared.old, with: rows)
        users[user] = prepared
    }

    /// Takes `user`'s share out of the cells' differences `changes`: the difference of putting
    /// their old rows back.
    static func takeBack(_ user: User, from changes: inout ContributionChanges) throws {
        try changes.difference(replacing: user.new, with: user.old)
    }

    /// The user's prepared rows, when they hold for what the writer found: the same subjects, the
    /// same events inserted (`inserted`, with their seqs, in insertion order), and now stored
    /// exactly the snapshot's events followed by those (`storedSeqs`, ascending, read by the writer).
    func matches(
        _ user: ContributionUser, subjects: Set<ExactID>, inserted: [(event: StoredEvent, seq: Int64)], storedSeqs: () throws -> [Int64]
    ) rethrows -> User? {
        guard let prepared = users[user], prepared.subjects == subjects,
              prepared.newMessageIDs.map({ ExactID($0) }) == inserted.map({ ExactID($0.event.messageID) }),
              try storedSeqs() == prepared.storedSeqs + inserted.map(\.seq) else { return nil }
        return prepared
    }
}

extension StoredEvent {
    /// The user whose contributions the event changes.
    var contributionUser: ContributionUser { ContributionUser(environment: environment, userID: userID) }

    /// The flow or walkthrough whose contributions the event changes: its flow, else its
    /// walkthrough (``ContributionChanges/byUser(_:event:)``).
    var contributionSubject: String? { flowID ?? walkthroughID }
}

import Foundation

/// Which audit entries to read, newest first: every filter given must match.
public struct AuditQuery: Sendable, Hashable {
    public var appID: String?
    public var action: AuditAction?
    /// An actor's ``AuditActor/id``.
    public var actorID: String?
    /// Entries at or after this time.
    public var since: Date?
    /// Entries before this time.
    public var until: Date?
    /// Entries older than the entry with this id (the `next` of the page before).
    public var after: Int64?
    /// At most this many entries (at least 1).
    public var limit: Int

    /// Creates a query.
    public init(
        appID: String? = nil, action: AuditAction? = nil, actorID: String? = nil, since: Date? = nil, until: Date? = nil,
        after: Int64? = nil, limit: Int = 50
    ) {
        self.appID = appID
        self.action = action
        self.actorID = actorID
        self.since = since
        self.until = until
        self.after = after
        self.limit = limit
    }
}

/// A page of audit entries, newest first, and where the next (older) page starts.
public struct AuditPage: Sendable, Hashable {
    public var entries: [AuditEntry]
    /// The `after` of the next page; nil when this page is the last.
    public var next: Int64?

    /// Creates a page.
    public init(entries: [AuditEntry], next: Int64?) {
        self.entries = entries
        self.next = next
    }
}

import Foundation

/// An app: the unit that owns documents, environments and events.
public struct AppRecord: Sendable, Hashable, Codable {
    public var id: AppID
    public var name: String
    public var createdAt: Date

    public init(id: AppID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

/// An environment of an app (`production`, `staging`), as found by one of its SDK keys: the
/// SHA-256 of the key, its prefix, and when it stops working.
public struct EnvironmentRecord: Sendable, Hashable {
    public var appID: AppID
    public var name: EnvironmentName
    /// The SHA-256 of the SDK key, lowercase hex; the key itself is never stored.
    public var keyHash: String
    /// What names the key without its secret (see ``SDKKey/prefix(of:)``).
    public var keyPrefix: String
    /// When the key stops working; nil for the environment's current key.
    public var keyExpiresAt: Date?

    /// An environment and its key; a key whose prefix is not known is named by its hash
    /// (``SDKKey/prefix(ofHash:)``).
    public init(appID: AppID, name: EnvironmentName, keyHash: String, keyPrefix: String? = nil, keyExpiresAt: Date? = nil) {
        self.appID = appID
        self.name = name
        self.keyHash = keyHash
        self.keyPrefix = keyPrefix ?? SDKKey.prefix(ofHash: keyHash)
        self.keyExpiresAt = keyExpiresAt
    }
}

/// A revision as listed: number, hash, creation time and the environments it is published to.
public struct RevisionSummary: Sendable, Hashable {
    public var revision: Int
    public var sha256: String
    public var createdAt: Date
    public var publishedTo: [EnvironmentName]
    /// The revision this one was made from by edits (nil for an uploaded revision).
    public var base: Int?
    /// The edits' JSON, `{"edits": [EDIT, …]}`, as they were sent (nil for an uploaded revision).
    public var edits: String?

    public init(revision: Int, sha256: String, createdAt: Date, publishedTo: [EnvironmentName], base: Int? = nil, edits: String? = nil) {
        self.revision = revision
        self.sha256 = sha256
        self.createdAt = createdAt
        self.publishedTo = publishedTo
        self.base = base
        self.edits = edits
    }
}

/// How a revision was made from another by edits (docs/ARCHITECTURE.md, "Editing documents").
public struct RevisionEdits: Sendable, Hashable {
    /// The revision the edits were applied to.
    public var base: Int
    /// The edits' JSON, `{"edits": [EDIT, …]}`, as they were sent.
    public var json: String

    public init(base: Int, json: String) {
        self.base = base
        self.json = json
    }
}

/// The revision an upload is stored as: a new one, or the existing one with the same bytes.
public struct AddedRevision: Sendable, Hashable {
    /// Its number (1, 2, … per app).
    public var revision: Int
    /// Whether the app had these bytes already (nothing new was stored).
    public var existing: Bool

    public init(revision: Int, existing: Bool) {
        self.revision = revision
        self.existing = existing
    }
}

/// An environment as listed: what it serves and whether events are arriving.
public struct EnvironmentSummary: Sendable, Hashable {
    public var name: EnvironmentName
    /// The revision it serves (nil when nothing is published).
    public var publishedRevision: Int?
    /// The largest `receivedAt` of its events, in milliseconds since 1970 (nil when it has none).
    public var lastEventAt: Int64?
    /// How many of its events were received at or after the time the summary was asked for.
    public var recentEvents: Int

    public init(name: EnvironmentName, publishedRevision: Int?, lastEventAt: Int64?, recentEvents: Int) {
        self.name = name
        self.publishedRevision = publishedRevision
        self.lastEventAt = lastEventAt
        self.recentEvents = recentEvents
    }
}

/// Event times from `since` (included) to `until` (excluded), in milliseconds since 1970; an
/// end that is nil is open.
public struct EventTimeRange: Sendable, Hashable {
    public var since: Int64?
    public var until: Int64?

    public init(since: Int64?, until: Int64?) {
        self.since = since
        self.until = until
    }

    /// Whether an event at `timestamp` is in the range.
    public func contains(_ timestamp: Int64) -> Bool {
        (since.map { timestamp >= $0 } ?? true) && (until.map { timestamp < $0 } ?? true)
    }
}

/// A publish of a revision to an environment, and when it happened.
public struct PublicationRecord: Sendable, Hashable {
    public var environment: EnvironmentName
    public var revision: Int
    public var publishedAt: Date

    public init(environment: EnvironmentName, revision: Int, publishedAt: Date) {
        self.environment = environment
        self.revision = revision
        self.publishedAt = publishedAt
    }
}

/// A revision with its bytes, exactly as uploaded.
public struct RevisionRecord: Sendable, Hashable {
    public var revision: Int
    public var sha256: String
    public var body: [UInt8]

    public init(revision: Int, sha256: String, body: [UInt8]) {
        self.revision = revision
        self.sha256 = sha256
        self.body = body
    }
}

/// An accepted event as stored: its JSON line (the fields of `docs/ARCHITECTURE.md`, "Events") and
/// what reports sort and filter by.
public struct StoredEvent: Sendable, Hashable {
    public var messageID: String
    public var userID: String
    public var flowID: String?
    /// The walkthrough of an event of no flow: what keeps a walkthrough's events together, as
    /// `flowID` keeps a flow's (report contributions are recomputed per flow and walkthrough).
    public var walkthroughID: String?
    /// Milliseconds since 1970.
    public var timestamp: Int64
    /// The environment whose key sent it.
    public var environment: String
    /// Milliseconds since 1970.
    public var receivedAt: Int64
    /// The event as one line of JSON, without the newline.
    public var line: String

    public init(
        messageID: String, userID: String, flowID: String?, walkthroughID: String? = nil, timestamp: Int64, environment: String,
        receivedAt: Int64, line: String
    ) {
        self.messageID = messageID
        self.userID = userID
        self.flowID = flowID
        self.walkthroughID = walkthroughID
        self.timestamp = timestamp
        self.environment = environment
        self.receivedAt = receivedAt
        self.line = line
    }
}

/// How many events of a batch were new, how many the app already had, and which were refused
/// because their user's events of a flow or walkthrough reached a limit (``WaypointTools/ContributionLimits``).
public struct InsertResult: Sendable, Hashable {
    /// One event refused: its position among the events given to the store, and why.
    public struct Refusal: Sendable, Hashable {
        public var index: Int
        public var message: String

        public init(index: Int, message: String) {
            self.index = index
            self.message = message
        }
    }

    public var accepted: Int
    public var duplicates: Int
    /// The refused events, by position; neither stored nor counted as duplicates.
    public var refused: [Refusal]

    public init(accepted: Int, duplicates: Int, refused: [Refusal] = []) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.refused = refused
    }
}

/// Event lines in storage order; `next` continues after the last one (nil at the end).
public struct EventPage: Sendable {
    public var lines: [String]
    public var next: Int64?

    public init(lines: [String], next: Int64?) {
        self.lines = lines
        self.next = next
    }
}

/// A position in the (user, time, arrival) order of events.
public struct UserOrderCursor: Sendable, Hashable {
    public var userID: String
    public var timestamp: Int64
    public var sequence: Int64

    public init(userID: String, timestamp: Int64, sequence: Int64) {
        self.userID = userID
        self.timestamp = timestamp
        self.sequence = sequence
    }
}

/// Event lines ordered by user, then time; `next` continues after the last one (nil at the end).
public struct UserOrderedPage: Sendable {
    public var lines: [String]
    public var next: UserOrderCursor?

    public init(lines: [String], next: UserOrderCursor?) {
        self.lines = lines
        self.next = next
    }
}

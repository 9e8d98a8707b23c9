/// What an audit entry records, as a stable code filtered by with `GET /v1/audit?action=`.
///
/// New kinds of action (people, roles, tokens) are added here and to ``all``, and recorded with
/// ``AuditLog/record(_:by:app:environment:target:details:)`` or, for a store write, in its
/// transaction (``AuditLog/entry(_:by:app:environment:target:details:)``). A code this server does
/// not know, read from the store, is shown as it is.
public struct AuditAction: RawRepresentable, Sendable, Hashable {
    public let rawValue: String

    /// An action by its code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An app was created with its keys; target: the app id; details: `name`, `environments`.
    public static let appCreated = AuditAction(rawValue: "app-created")
    /// A document was uploaded; target: the revision; details: `revision`, `sha256`, `existing`.
    public static let revisionUploaded = AuditAction(rawValue: "revision-uploaded")
    /// A revision was published to an environment (a newer one, the same one, or the first); target:
    /// the revision; details: `revision`, `previousRevision`, `confirmationNeeded`, `confirmed`, `preview`.
    public static let revisionPublished = AuditAction(rawValue: "revision-published")
    /// An environment went back to an older revision; details as ``revisionPublished``.
    public static let revisionRolledBack = AuditAction(rawValue: "revision-rolled-back")
    /// An environment's SDK key was rotated; target: the new key's prefix; details: `keyPrefix`,
    /// `graceHours`, `previousKeys` (those still working, with their `expiresAt`).
    public static let keyRotated = AuditAction(rawValue: "key-rotated")
    /// An SDK key was ended at once; target: its prefix; details: `keyPrefix`, `endedAt`.
    public static let keyRevoked = AuditAction(rawValue: "key-revoked")
    /// One user's events were erased; target: the user id; details: `userId`, `deletedEvents`.
    public static let userErased = AuditAction(rawValue: "user-erased")
    /// Retention deleted events older than its cutoff; details: `days`, `before`, `deletedEvents`.
    public static let eventsExpired = AuditAction(rawValue: "events-expired")

    /// Every action this server records, in the order the documentation lists them.
    public static let all: [AuditAction] = [
        appCreated, revisionUploaded, revisionPublished, revisionRolledBack, keyRotated, keyRevoked, userErased, eventsExpired,
    ]

    /// Every code, for messages.
    static var codes: [String] { all.map(\.rawValue) }
}

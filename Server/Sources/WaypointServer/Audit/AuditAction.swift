/// What an audit entry records, as a stable code filtered by with `GET /v1/audit?action=`.
///
/// A new kind of action is added here and to ``all``, and recorded with
/// ``AuditLog/record(_:by:app:environment:target:details:)`` or, for a store write, in its
/// transaction (``AuditLog/entry(_:by:app:environment:target:details:)``). A code this server does
/// not know, read from the store, is shown as it is.
public struct AuditAction: RawRepresentable, Sendable, Hashable {
    public let rawValue: String

    /// An action by its code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An app was created with its keys; target: the app id; details: `name`, `environments`.
    public static let appCreated = AuditAction(rawValue: "app-created")
    /// A document was uploaded, or made by edits of a revision; target: the revision; details: `revision`,
    /// `sha256`, `existing`, and for edits `base` and `edits` (each edit in words).
    public static let revisionUploaded = AuditAction(rawValue: "revision-uploaded")
    /// A revision was published to an environment (a newer one or the first; not the one it serves already); target:
    /// the revision; details: `revision`, `previousRevision`, `confirmationNeeded`, `confirmed`, `preview`.
    public static let revisionPublished = AuditAction(rawValue: "revision-published")
    /// An environment went back to an older revision; details as ``revisionPublished``.
    public static let revisionRolledBack = AuditAction(rawValue: "revision-rolled-back")
    /// An environment's SDK key was rotated; target: the new key's prefix; details: `keyPrefix`,
    /// `graceHours`, `previousKeys` (those still working, with their `expiresAt`).
    public static let keyRotated = AuditAction(rawValue: "key-rotated")
    /// An SDK key was ended at once (not one that had ended already); target: its prefix; details: `keyPrefix`, `endedAt`.
    public static let keyRevoked = AuditAction(rawValue: "key-revoked")
    /// One user's events were erased (at least one); target: the user id; details: `userId`, `deletedEvents`.
    public static let userErased = AuditAction(rawValue: "user-erased")
    /// Retention deleted events older than its cutoff; details: `days`, `before`, `deletedEvents`.
    public static let eventsExpired = AuditAction(rawValue: "events-expired")

    /// An account was created; target: its id; details: `email`, `name`, `role`.
    public static let accountCreated = AuditAction(rawValue: "account-created")
    /// An owner gave an account another role; target: its id; details: `email`, `name`, `previousRole`, `role`.
    public static let accountRoleChanged = AuditAction(rawValue: "account-role-changed")
    /// An owner set an account's password, which ended its sessions; target: its id; details: `email`, `name`.
    public static let accountPasswordReset = AuditAction(rawValue: "account-password-reset")
    /// An account changed its own password, which ended its sessions; target: its id; details: `email`, `name`.
    public static let accountPasswordChanged = AuditAction(rawValue: "account-password-changed")
    /// An owner ended every session of an account; target: its id; details: `email`, `name`.
    public static let accountSignedOut = AuditAction(rawValue: "account-signed-out")
    /// An account was removed with its sessions and tokens; target: its id; details: `email`, `name`, `role`.
    public static let accountRemoved = AuditAction(rawValue: "account-removed")
    /// A personal API token was made; target: its prefix; details: `tokenPrefix`, `name`, `role`,
    /// `expiresAt`, `accountId` (whose token it is).
    public static let tokenCreated = AuditAction(rawValue: "token-created")
    /// A personal API token was revoked; target: its prefix; details: `tokenPrefix`, `name`, `accountId`.
    public static let tokenRevoked = AuditAction(rawValue: "token-revoked")
    /// An owner retired the admin token; details: `retiredAt`.
    public static let adminTokenRetired = AuditAction(rawValue: "admin-token-retired")

    /// Every action this server records, in the order the documentation lists them.
    public static let all: [AuditAction] = [
        appCreated, revisionUploaded, revisionPublished, revisionRolledBack, keyRotated, keyRevoked, userErased, eventsExpired,
        accountCreated, accountRoleChanged, accountPasswordReset, accountPasswordChanged, accountSignedOut, accountRemoved,
        tokenCreated, tokenRevoked, adminTokenRetired,
    ]

    /// Every code, for messages.
    static var codes: [String] { all.map(\.rawValue) }
}

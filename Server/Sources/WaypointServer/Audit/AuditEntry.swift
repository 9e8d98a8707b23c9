import Foundation
import Waypoint
import WaypointTools

/// One entry of the audit log: who did what, when, from where (docs/ARCHITECTURE.md, "The audit log").
///
/// Entries are only ever added: no store changes or deletes one.
public struct AuditEntry: Sendable, Hashable {
    /// The entry's number, assigned by the store in the order entries are added (nil before).
    public var id: Int64?
    /// When, by the server's clock, to the millisecond.
    public var at: Date
    public var actor: AuditActor
    /// The client's address, nil for the server's own work.
    public var address: String?
    public var action: AuditAction
    /// The app acted on, if any.
    public var appID: String?
    /// The environment acted on, if any.
    public var environment: String?
    /// What in the app was acted on: a revision number, a key prefix, a user id.
    public var target: String?
    /// The action's facts, as a JSON object (see ``AuditAction``).
    public var details: [String: JSONValue]

    /// Creates an entry; `at` is kept to the millisecond, as the stores keep times.
    public init(
        id: Int64? = nil, at: Date, actor: AuditActor, address: String?, action: AuditAction, appID: String? = nil,
        environment: String? = nil, target: String? = nil, details: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.at = Timestamp.date(milliseconds: Timestamp.milliseconds(at))
        self.actor = actor
        self.address = address
        self.action = action
        self.appID = appID
        self.environment = environment
        self.target = target
        self.details = details
    }

    /// ``details`` as the stores keep it: JSON text, keys sorted.
    var detailsText: String {
        (try? WaypointJSON.text(JSONValue.object(details))) ?? "{}"
    }

    /// JSON text read back from a store as ``details``; a text that is not a JSON object (which no
    /// store writes) is kept whole under `unreadable` rather than lost.
    static func details(fromText text: String) -> [String: JSONValue] {
        if let value = try? JSONValue(parsing: Data(text.utf8)), let object = value.objectValue { return object }
        return ["unreadable": .string(text)]
    }
}

/// The audit entry of a store write, made from what the write did, inside its transaction; nil
/// for a write that changed nothing (the revision published already, an erasure of no events),
/// which leaves no entry.
public typealias AuditEntryOf<Result> = @Sendable (Result) -> AuditEntry?

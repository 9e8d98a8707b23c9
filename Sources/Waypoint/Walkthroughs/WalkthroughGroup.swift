import Foundation

/// Walkthroughs that take turns, like TipKit's tip groups.
public struct WalkthroughGroup: Sendable, Hashable, Codable, Identifiable {
    /// How the members of a group take turns.
    public enum Priority: String, Sendable, Hashable, Codable {
        /// A member may start only after every member before it has been invalidated (for any reason).
        case ordered
        /// Only the first member whose own rules allow it may start; the others wait their turn.
        case firstAvailable
    }

    /// The group's id, for diagnostics.
    public var id: String
    /// How the members take turns.
    public var priority: Priority
    /// The members' walkthrough ids, in order.
    public var walkthroughIds: [String]

    /// Creates a group.
    public init(id: String, priority: Priority, walkthroughIds: [String]) {
        self.id = id
        self.priority = priority
        self.walkthroughIds = walkthroughIds
    }

    /// An ``Priority/ordered`` group.
    public static func ordered(_ id: String, _ walkthroughIds: [String]) -> WalkthroughGroup {
        WalkthroughGroup(id: id, priority: .ordered, walkthroughIds: walkthroughIds)
    }

    /// A ``Priority/firstAvailable`` group.
    public static func firstAvailable(_ id: String, _ walkthroughIds: [String]) -> WalkthroughGroup {
        WalkthroughGroup(id: id, priority: .firstAvailable, walkthroughIds: walkthroughIds)
    }
}

import Foundation

/// Walkthroughs that take turns, like TipKit's tip groups.
public struct WalkthroughGroup: Sendable, Hashable, Codable, Identifiable {
    /// How the members of a group take turns.
    package enum Priority: String, Sendable, Hashable, Codable {
        /// A member may start only after every member before it has been invalidated (for any reason).
        case ordered
        /// Only the first member whose own rules allow it may start; the others wait their turn.
        case firstAvailable
    }

    /// The group's id, for diagnostics.
    public var id: String
    /// How the members take turns.
    package var priority: Priority
    /// The members' walkthrough ids, in order.
    package var walkthroughIds: [String]

    /// Creates a group.
    package init(id: String, priority: Priority, walkthroughIds: [String]) {
        self.id = id
        self.priority = priority
        self.walkthroughIds = walkthroughIds
    }

    /// A group whose members start in order: each only after every member before it has been invalidated.
    public static func ordered(_ id: String, _ walkthroughIds: [String]) -> WalkthroughGroup {
        WalkthroughGroup(id: id, priority: .ordered, walkthroughIds: walkthroughIds)
    }

    /// A group in which only the first member whose own rules allow it may start; the others wait their turn.
    public static func firstAvailable(_ id: String, _ walkthroughIds: [String]) -> WalkthroughGroup {
        WalkthroughGroup(id: id, priority: .firstAvailable, walkthroughIds: walkthroughIds)
    }
}

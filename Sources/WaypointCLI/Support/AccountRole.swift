/// The roles of accounts on a Waypoint server, lowest first: what `login --role` accepts and what
/// `publish` compares a token's role with.
enum AccountRole {
    static let ordered = ["viewer", "editor", "publisher", "owner"]

    /// Whether `role` is at least `least` (an unknown role is below every role).
    static func isAtLeast(_ role: String, _ least: String) -> Bool {
        guard let rank = ordered.firstIndex(of: role), let needed = ordered.firstIndex(of: least) else { return false }
        return rank >= needed
    }
}

/// What a person may do, each role including the ones below it (docs/ARCHITECTURE.md, "People").
///
/// viewer < editor < publisher < owner: a viewer reads reports; an editor also uploads revisions;
/// a publisher also publishes, rolls back and confirms; an owner also manages apps, keys, accounts,
/// erasure and the admin token.
public enum Role: String, Sendable, Codable, CaseIterable, Comparable {
    case viewer, editor, publisher, owner

    /// The order of the roles, lowest first.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }

    /// "a viewer", "an editor", …
    var withArticle: String { (self == .editor || self == .owner ? "an " : "a ") + rawValue }

    /// The role named `text`, or an error that lists the roles.
    static func parse(_ text: String?, field: String = "role") throws -> Role {
        guard let text, let role = Role(rawValue: text) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError.badRequest("\(field) \(String(reflecting: text ?? "")) is not a role; use one of \(names).")
        }
        return role
    }
}

import Foundation

/// The `tokens` template: the signed-in account's personal API tokens, the form that makes one,
/// and a new token, shown this once.
struct TokensPageContext: PageContext {
    static var template: String { "tokens" }

    /// A token's row: its prefix, never the token.
    struct Row: Sendable {
        let prefix: String
        let name: String
        let role: String
        let createdAt: String
        let expiresAt: String
        let lastUsedAt: String
        let status: String
        let isActive: Bool
        let csrf: String

        init(_ token: PersonalTokenRecord, now: Date, csrf: String) {
            prefix = token.prefix
            name = token.name
            role = token.role.rawValue
            createdAt = Timestamp.iso8601(token.createdAt)
            expiresAt = Timestamp.iso8601(token.expiresAt)
            lastUsedAt = token.lastUsedAt.map(Timestamp.iso8601) ?? "never"
            status = token.revokedAt != nil ? "revoked" : token.expiresAt <= now ? "expired" : "active"
            isActive = status == "active"
            self.csrf = csrf
        }
    }

    /// A token just made: shown once.
    struct Created: Sendable {
        let token: String
        let prefix: String
    }

    let csrf: String
    let rows: [Row]
    /// The roles a new token may have: the account's and those below.
    let roles: [PeoplePageContext.RoleOption]
    let created: Created?
    let notice: String?
    let message: String?
}

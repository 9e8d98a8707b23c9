import Foundation

/// A person who uses the dashboard or the API, as stored (never with the password itself).
struct AccountRecord: Sendable, Hashable {
    let id: String
    /// Lower-cased; the name they sign in with.
    let email: String
    let name: String
    let role: Role
    /// The bcrypt hash of the password.
    let passwordHash: String
    let createdAt: Date
}

/// A personal API token as stored: its SHA-256, never the token.
struct PersonalTokenRecord: Sendable, Hashable {
    let tokenHash: String
    let prefix: String
    let accountID: String
    let name: String
    let role: Role
    let createdAt: Date
    let expiresAt: Date
    let revokedAt: Date?
    let lastUsedAt: Date?
}

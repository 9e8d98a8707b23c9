/// Who is making a request, as the access rules established it: the account (none for the admin
/// token), the name to show and record, the role it acts with, and how it proved who it is.
///
/// Set in ``ServerContext/principal`` by ``AccessMiddleware`` before any handler runs on a route
/// that needs a role; nil on routes open to everyone or to SDK keys.
public struct Principal: Sendable, Hashable {
    /// How a request proved who it is.
    public enum Credential: String, Sendable, Hashable {
        /// `Authorization: Bearer <admin token>` (acts as an owner, with no account).
        case adminToken = "admin-token"
        /// A dashboard session cookie.
        case session
        /// `Authorization: Bearer wpt_…`, a personal API token.
        case apiToken = "api-token"
        /// `Authorization: Basic` with the account's email and password: only to make a personal
        /// token (`POST /v1/tokens`), under the sign-in limits.
        case password
    }

    /// The account's id; nil for the admin token (and a session opened with it).
    public let accountID: String?
    /// The account's display name, or "admin token".
    public let displayName: String
    /// The role the request acts with (a personal token's own role, never more than its account's).
    public let role: Role
    /// How the request proved who it is.
    public let credential: Credential
    /// The personal token's prefix, when ``credential`` is ``Credential/apiToken``.
    public let tokenPrefix: String?

    init(accountID: String?, displayName: String, role: Role, credential: Credential, tokenPrefix: String? = nil) {
        self.accountID = accountID
        self.displayName = displayName
        self.role = role
        self.credential = credential
        self.tokenPrefix = tokenPrefix
    }

    /// The admin token, acting as an owner.
    static func adminToken(via credential: Credential = .adminToken) -> Principal {
        Principal(accountID: nil, displayName: "admin token", role: .owner, credential: credential)
    }
}

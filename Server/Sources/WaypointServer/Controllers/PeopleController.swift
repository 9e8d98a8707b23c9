import Foundation
import Hummingbird

/// The API of people: accounts (`/v1/people`), the caller's personal API tokens (`/v1/tokens`) and
/// retiring the admin token (docs/ARCHITECTURE.md, "People").
///
/// Who may use each route is ``AccessRules``'s; the rules of accounts and tokens are ``People``'s.
struct PeopleController: Sendable {
    let people: People
    /// Where requests come from (the trusted-proxy rule), for the audit log.
    var clientAddress = ClientAddress(trustedProxies: [])

    /// Who sent `request` and from where, as the audit log records it.
    private func origin(_ request: Request, _ context: ServerContext) throws -> AuditOrigin {
        try AuditOrigin(request: request, context: context, addresses: clientAddress)
    }

    func addRoutes(to router: RouterGroup<ServerContext>) {
        router.get("v1/people", use: list)
        router.post("v1/people", use: create)
        router.patch("v1/people/:account", use: changeRole)
        router.delete("v1/people/:account", use: remove)
        router.put("v1/people/:account/password", use: resetPassword)
        router.post("v1/people/:account/sign-out", use: signOut)
        router.delete("v1/admin-token", use: retireAdminToken)
        router.get("v1/me", use: me)
        router.get("v1/tokens", use: listTokens)
        router.post("v1/tokens", use: createToken)
        router.delete("v1/tokens/:tokenPrefix", use: revokeToken)
    }

    /// An account as the API shows it (never its password hash).
    struct Account: Encodable {
        let id: String
        let email: String
        let name: String
        let role: String
        let createdAt: String

        init(_ account: AccountRecord) {
            id = account.id
            email = account.email
            name = account.name
            role = account.role.rawValue
            createdAt = Timestamp.iso8601(account.createdAt)
        }
    }

    private struct AccountList: Encodable {
        let people: [Account]
    }

    @Sendable func list(request: Request, context: ServerContext) async throws -> Response {
        try JSONBody.response(AccountList(people: try await people.accounts().map(Account.init)))
    }

    static let createExample = #"{"email":"ada@example.com","name":"Ada Lovelace","role":"editor","password":"a long passphrase"}"#

    /// `POST /v1/people`: 201 with the new account.
    @Sendable func create(request: Request, context: ServerContext) async throws -> Response {
        let input = try JSONObjectRequest(
            try await RequestBody.collect(request, limit: 16 * 1024), fields: ["email", "name", "role", "password"], example: Self.createExample)
        let account = try await people.createAccount(
            email: try input.string("email") ?? "", name: try input.string("name") ?? "", role: try Role.parse(try input.string("role")),
            password: try input.string("password") ?? "", by: try origin(request, context))
        return try JSONBody.response(Account(account), status: .created)
    }

    /// `PATCH /v1/people/{account}` `{"role":"publisher"}`: the account with its new role.
    @Sendable func changeRole(request: Request, context: ServerContext) async throws -> Response {
        let input = try JSONObjectRequest(
            try await RequestBody.collect(request, limit: 16 * 1024), fields: ["role"], example: #"{"role":"publisher"}"#)
        let role = try Role.parse(try input.string("role"))
        let account = try await people.changeRole(id: context.parameters.get("account") ?? "", to: role, by: try origin(request, context))
        return try JSONBody.response(Account(account))
    }

    /// `DELETE /v1/people/{account}`: 204; the account's sessions and tokens end with it.
    @Sendable func remove(request: Request, context: ServerContext) async throws -> Response {
        _ = try await people.remove(id: context.parameters.get("account") ?? "", by: try origin(request, context))
        return Response(status: .noContent)
    }

    /// `PUT /v1/people/{account}/password` `{"password":"…"}`: 204; the account's sessions end.
    @Sendable func resetPassword(request: Request, context: ServerContext) async throws -> Response {
        let input = try JSONObjectRequest(
            try await RequestBody.collect(request, limit: 16 * 1024), fields: ["password"], example: #"{"password":"a long passphrase"}"#)
        try await people.setPassword(id: context.parameters.get("account") ?? "", password: try input.string("password") ?? "", by: try origin(request, context))
        return Response(status: .noContent)
    }

    /// `POST /v1/people/{account}/sign-out`: 204; every session of the account ends at once.
    @Sendable func signOut(request: Request, context: ServerContext) async throws -> Response {
        try await people.endSessions(accountID: context.parameters.get("account") ?? "", by: try origin(request, context))
        return Response(status: .noContent)
    }

    private struct Retired: Encodable {
        let retiredAt: String
    }

    /// `DELETE /v1/admin-token`: from now on the admin token is refused everywhere. Only an owner
    /// account may do it (not the admin token itself), so an owner who can still act exists.
    @Sendable func retireAdminToken(request: Request, context: ServerContext) async throws -> Response {
        guard let principal = context.principal, principal.accountID != nil else {
            throw APIError.forbidden(
                "The admin token cannot retire itself: retire it as an owner account, with a personal API token of that account "
                    + "(so that someone can still manage the server afterwards).")
        }
        return try JSONBody.response(Retired(retiredAt: Timestamp.iso8601(try await people.retireAdminToken(by: try origin(request, context)))))
    }

    // MARK: Who is asking

    /// Who a request acts as: what `GET /v1/me` answers.
    struct Me: Encodable {
        /// The role the request acts with (a token's own, never more than its account's).
        let role: String
        /// `admin-token`, `api-token`, `session` or `password`.
        let credential: String
        /// The account's id; null for the admin token.
        let accountId: String?
        /// The account's name, or "admin token".
        let name: String
        /// The personal token's prefix; null for other credentials.
        let tokenPrefix: String?

        private enum CodingKeys: String, CodingKey { case role, credential, accountId, name, tokenPrefix }

        // Written out so that `null` says "none" rather than the field being left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(role, forKey: .role)
            try container.encode(credential, forKey: .credential)
            try container.encode(accountId, forKey: .accountId)
            try container.encode(name, forKey: .name)
            try container.encode(tokenPrefix, forKey: .tokenPrefix)
        }
    }

    /// `GET /v1/me`: who the request acts as and with which role, so that a tool can say what it
    /// may do before it tries (`waypoint publish` checks for the publisher role before uploading).
    @Sendable func me(request: Request, context: ServerContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        return try JSONBody.response(Me(
            role: principal.role.rawValue, credential: principal.credential.rawValue, accountId: principal.accountID,
            name: principal.displayName, tokenPrefix: principal.tokenPrefix))
    }

    // MARK: Tokens

    /// A personal token as the API lists it: its prefix, never the token or its hash.
    struct Token: Encodable {
        let tokenPrefix: String
        let name: String
        let role: String
        let createdAt: String
        let expiresAt: String
        let lastUsedAt: String?
        let revokedAt: String?
        /// `active`, `expired` or `revoked`.
        let status: String

        init(_ token: PersonalTokenRecord, at now: Date) {
            tokenPrefix = token.prefix
            name = token.name
            role = token.role.rawValue
            createdAt = Timestamp.iso8601(token.createdAt)
            expiresAt = Timestamp.iso8601(token.expiresAt)
            lastUsedAt = token.lastUsedAt.map(Timestamp.iso8601)
            revokedAt = token.revokedAt.map(Timestamp.iso8601)
            status = token.revokedAt != nil ? "revoked" : token.expiresAt <= now ? "expired" : "active"
        }

        private enum CodingKeys: String, CodingKey { case tokenPrefix, name, role, createdAt, expiresAt, lastUsedAt, revokedAt, status }

        // Written out so that `null` says "never" rather than the field being left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tokenPrefix, forKey: .tokenPrefix)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(lastUsedAt, forKey: .lastUsedAt)
            try container.encode(revokedAt, forKey: .revokedAt)
            try container.encode(status, forKey: .status)
        }
    }

    private struct TokenList: Encodable {
        let tokens: [Token]
    }

    private struct Created: Encodable {
        let token: String
        let details: Token
    }

    /// The account acting, or 403 for the admin token, which has no tokens.
    private func account(_ context: ServerContext) async throws -> AccountRecord {
        guard let id = context.principal?.accountID, let account = try await people.account(id: id) else {
            throw APIError.forbidden(
                "Personal API tokens belong to an account, and the admin token has none: sign in to the dashboard as an account, "
                    + "or use a personal token of one.")
        }
        return account
    }

    @Sendable func listTokens(request: Request, context: ServerContext) async throws -> Response {
        let account = try await account(context)
        let now = people.now()
        return try JSONBody.response(TokenList(tokens: try await people.tokens(accountID: account.id).map { Token($0, at: now) }))
    }

    static let tokenExample = #"{"name":"CI publish","role":"publisher","expiresInDays":90}"#

    /// `POST /v1/tokens`: 201 with the token, shown this once, and its details.
    @Sendable func createToken(request: Request, context: ServerContext) async throws -> Response {
        let account = try await account(context)
        let input = try JSONObjectRequest(
            try await RequestBody.collect(request, limit: 16 * 1024), fields: ["name", "role", "expiresInDays"], example: Self.tokenExample)
        let name = try input.string("name") ?? ""
        let role = try Role.parse(try input.string("role"))
        guard let days = try input.integer("expiresInDays") else {
            throw APIError.badRequest("The field \"expiresInDays\" is missing; every token expires: send it, such as \(Self.tokenExample).")
        }
        // A personal token acts with its own role: it cannot make a token with more.
        let created = try await people.createToken(for: account, actingAs: try context.requirePrincipal().role, name: name, role: role, days: days, by: try origin(request, context))
        return try JSONBody.response(Created(token: created.token, details: Token(created.record, at: people.now())), status: .created)
    }

    /// `DELETE /v1/tokens/{tokenPrefix}`: the token, revoked.
    @Sendable func revokeToken(request: Request, context: ServerContext) async throws -> Response {
        let account = try await account(context)
        let token = try await people.revokeToken(accountID: account.id, prefix: context.parameters.get("tokenPrefix") ?? "", by: try origin(request, context))
        return try JSONBody.response(Token(token, at: people.now()))
    }
}

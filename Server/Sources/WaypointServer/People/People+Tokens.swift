import Foundation
import Waypoint

extension People {
    /// The longest a personal token may last.
    static let maximumTokenDays = 366

    /// A personal token found by its hash, with the account it belongs to.
    struct FoundToken: Sendable {
        let token: PersonalTokenRecord
        let account: AccountRecord
    }

    /// Makes a personal token for `account` with `role` (at most the account's, and at most
    /// `actingAs`, the role of the token making it, if one is) that expires `days` days from now;
    /// returns the token, which is shown once and never stored, and its record. Its audit entry, by
    /// `origin`, is written in the same transaction.
    func createToken(
        for account: AccountRecord, actingAs: Role? = nil, name: String, role: Role, days: Int, by origin: AuditOrigin
    ) async throws -> (token: String, record: PersonalTokenRecord) {
        let name = try Self.checkedName(name)
        let ceiling = min(account.role, actingAs ?? account.role)
        guard role <= ceiling else {
            let allowed = Role.allCases.filter { $0 <= ceiling }.map(\.rawValue).joined(separator: ", ")
            throw APIError.forbidden(
                ceiling < account.role
                    ? "A token cannot make a token with more rights than its own: it acts as \(ceiling.withArticle), so the new token's "
                        + "role must be \(allowed)."
                    : "A token cannot have more rights than its account: \(account.name) is \(account.role.withArticle), so the token's "
                        + "role must be \(allowed).")
        }
        guard (1...Self.maximumTokenDays).contains(days) else {
            throw APIError.badRequest("expiresInDays is \(days); a token lasts 1 to \(Self.maximumTokenDays) days. Make a new one when it ends.")
        }
        let token = PersonalToken.generate()
        let now = now()
        let record = PersonalTokenRecord(
            tokenHash: SecretHash.sha256Hex(token), prefix: PersonalToken.prefix(of: token), accountID: account.id, name: name, role: role,
            createdAt: now, expiresAt: now.addingTimeInterval(TimeInterval(days) * 86_400), revokedAt: nil, lastUsedAt: nil)
        _ = try await run([
            SQLQuery(
                text: """
                    INSERT INTO personal_tokens (token_hash, prefix, account_id, name, role, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                values: [
                    .text(record.tokenHash), .text(record.prefix), .text(account.id), .text(name), .text(role.rawValue),
                    .integer(Timestamp.milliseconds(now)), .integer(Timestamp.milliseconds(record.expiresAt)),
                ]),
            auditQuery(
                .tokenCreated, by: origin, target: record.prefix,
                details: [
                    "tokenPrefix": .string(record.prefix), "name": .string(name), "role": .string(role.rawValue),
                    "expiresAt": .string(Timestamp.iso8601(record.expiresAt)), "accountId": .string(account.id),
                ]),
        ])
        return (token, record)
    }

    /// An account's personal tokens, newest first, revoked and expired ones included.
    func tokens(accountID: String) async throws -> [PersonalTokenRecord] {
        try await rows(SQLQuery(
            text: "SELECT \(Self.tokenColumns) FROM personal_tokens WHERE account_id = ? ORDER BY created_at DESC, prefix",
            values: [.text(accountID)], columns: Self.tokenKinds)
        ).compactMap(Self.token)
    }

    /// The token with this SHA-256, with its account, whatever its state (the caller checks expiry
    /// and revocation, to say which).
    func token(hash: String) async throws -> FoundToken? {
        let columns = Self.tokenColumns.split(separator: ",").map { "t." + $0.trimmingCharacters(in: .whitespaces) }
            + Self.accountColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }
        guard let row = try await rows(SQLQuery(
            text: "SELECT \(columns.joined(separator: ", ")) FROM personal_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?",
            values: [.text(hash)], columns: Self.tokenKinds + Self.accountKinds)
        ).first, let token = Self.token(Array(row.prefix(Self.tokenKinds.count))),
            let account = Self.account(Array(row.dropFirst(Self.tokenKinds.count)))
        else { return nil }
        return FoundToken(token: token, account: account)
    }

    /// Notes that a token was used now (at most once a minute per token, to keep writes few).
    func touchToken(hash: String) async throws {
        let now = Timestamp.milliseconds(now())
        _ = try await run([SQLQuery(
            text: "UPDATE personal_tokens SET last_used_at = ? WHERE token_hash = ? AND (last_used_at IS NULL OR last_used_at < ?)",
            values: [.integer(now), .text(hash), .integer(now - 60_000)])])
    }

    /// Revokes the account's token with this prefix now (unless it was revoked already); 404 when
    /// the account has none. The audit entry, by `origin`, is written in the same transaction when
    /// this revoked it.
    func revokeToken(accountID: String, prefix: String, by origin: AuditOrigin) async throws -> PersonalTokenRecord {
        guard let token = try await tokens(accountID: accountID).first(where: { $0.prefix == prefix }) else {
            throw APIError.notFound(
                "You have no token \(String(reflecting: prefix)); GET /v1/tokens lists yours by prefix (wpt_ and 8 characters).")
        }
        let now = Timestamp.milliseconds(now())
        _ = try await run([
            SQLQuery(
                text: "UPDATE personal_tokens SET revoked_at = ? WHERE account_id = ? AND prefix = ? AND revoked_at IS NULL",
                values: [.integer(now), .text(accountID), .text(prefix)]),
            // A token revoked already keeps its earlier time, and this revokes nothing.
            auditQuery(
                .tokenRevoked, by: origin, target: prefix,
                details: ["tokenPrefix": .string(prefix), "name": .string(token.name), "accountId": .string(accountID)],
                onlyIf: "EXISTS (SELECT 1 FROM personal_tokens WHERE account_id = ? AND prefix = ? AND revoked_at = ?)",
                [.text(accountID), .text(prefix), .integer(now)]),
        ])
        return try await tokens(accountID: accountID).first(where: { $0.prefix == prefix }) ?? token
    }

    static let tokenColumns = "token_hash, prefix, account_id, name, role, created_at, expires_at, revoked_at, last_used_at"
    static let tokenKinds: [SQLQuery.Column] = [.text, .text, .text, .text, .text, .integer, .integer, .integer, .integer]

    static func token(_ row: [SQLStatement.Value?]) -> PersonalTokenRecord? {
        guard row.count >= 9, let hash = row[0]?.text, let prefix = row[1]?.text, let account = row[2]?.text, let name = row[3]?.text,
              let role = row[4]?.text.flatMap(Role.init(rawValue:)), let created = row[5]?.integer, let expires = row[6]?.integer
        else { return nil }
        return PersonalTokenRecord(
            tokenHash: hash, prefix: prefix, accountID: account, name: name, role: role, createdAt: Timestamp.date(milliseconds: created),
            expiresAt: Timestamp.date(milliseconds: expires), revokedAt: row[7]?.integer.map(Timestamp.date(milliseconds:)),
            lastUsedAt: row[8]?.integer.map(Timestamp.date(milliseconds:)))
    }
}

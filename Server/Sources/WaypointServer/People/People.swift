import Foundation
import Waypoint

/// The accounts of the people who use the dashboard and the API, their sessions and personal
/// tokens, and whether the admin token is retired: read and written through the store's
/// ``SQLRows``, with the same SQL for SQLite and PostgreSQL (docs/ARCHITECTURE.md, "People").
///
/// Every rule about people lives here: an account's email is unique; the last owner can be neither
/// demoted nor removed; a new password ends the account's sessions; a removed account's sessions
/// and tokens go with it. Each of these is one transaction.
struct People: Sendable {
    /// The store's tables; nil for a store without them (a test's stand-in), which has no accounts.
    let sql: (any SQLRows)?
    let hasher: PasswordHasher
    let now: @Sendable () -> Date

    /// The longest a name may be.
    static let maximumNameLength = 100

    // MARK: Accounts

    /// Every account, by email.
    func accounts() async throws -> [AccountRecord] {
        try await rows(SQLQuery(text: "SELECT \(Self.accountColumns) FROM accounts ORDER BY email", values: [], columns: Self.accountKinds))
            .compactMap(Self.account)
    }

    /// The account with this id.
    func account(id: String) async throws -> AccountRecord? {
        try await rows(SQLQuery(text: "SELECT \(Self.accountColumns) FROM accounts WHERE id = ?", values: [.text(id)], columns: Self.accountKinds))
            .first.flatMap(Self.account)
    }

    /// The account that signs in with `email` (compared ignoring case).
    func account(email: String) async throws -> AccountRecord? {
        try await rows(SQLQuery(
            text: "SELECT \(Self.accountColumns) FROM accounts WHERE email = ?", values: [.text(Self.normalized(email))],
            columns: Self.accountKinds)
        ).first.flatMap(Self.account)
    }

    /// The account with this id, or a 404 that says how to find the ids.
    func existingAccount(id: String) async throws -> AccountRecord {
        guard let account = try await account(id: id) else {
            throw APIError.notFound("There is no account \(String(reflecting: id)); GET /v1/people lists the accounts and their ids.")
        }
        return account
    }

    /// Whether any account is an owner (then the admin token no longer signs in to the dashboard).
    func hasOwner() async throws -> Bool {
        try await !rows(SQLQuery(text: "SELECT id FROM accounts WHERE role = 'owner' LIMIT 1", values: [], columns: [.text])).isEmpty
    }

    /// Creates an account after checking its email, name and password; 409 when the email is taken.
    /// Its audit entry, by `origin`, is written in the same transaction.
    func createAccount(email: String, name: String, role: Role, password: String, by origin: AuditOrigin) async throws -> AccountRecord {
        let email = try Self.checkedEmail(email)
        let name = try Self.checkedName(name)
        try PasswordPolicy.check(password)
        let account = AccountRecord(
            id: UUID().uuidString.lowercased(), email: email, name: name, role: role, passwordHash: try await hasher.hash(password),
            createdAt: now())
        let inserted = try await run([SQLQuery(
            text: """
                INSERT INTO accounts (id, email, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (email) DO NOTHING RETURNING id
                """,
            values: [
                .text(account.id), .text(email), .text(name), .text(role.rawValue), .text(account.passwordHash),
                .integer(Timestamp.milliseconds(account.createdAt)),
            ],
            columns: [.text]),
            // The id is new, so the account exists only if this transaction inserted it.
            auditQuery(
                .accountCreated, by: origin, target: account.id, details: Self.auditDetails(of: account, role: true),
                onlyIf: "EXISTS (SELECT 1 FROM accounts WHERE id = ?)", [.text(account.id)]),
        ])
        guard inserted.first?.isEmpty == false else {
            throw APIError.conflict("An account with the email \(email) exists already; each person has one account.")
        }
        // The admin token signs in to the dashboard only while no owner exists.
        if role == .owner { try await endAdminTokenSessions() }
        return account
    }

    /// Gives an account another role; 409 when it is the last owner and the role is not owner.
    /// Its audit entry, by `origin`, is written in the same transaction; giving an account the role
    /// it has changes nothing and writes none.
    func changeRole(id: String, to role: Role, by origin: AuditOrigin) async throws -> AccountRecord {
        let account = try await existingAccount(id: id)
        var details = Self.auditDetails(of: account)
        details["previousRole"] = .string(account.role.rawValue)
        details["role"] = .string(role.rawValue)
        // Whether the update changes the row: another role, and not the demotion of the last owner.
        let changes = "id = ? AND role <> ? AND (\(Self.notLastOwner) OR ? = 'owner')"
        let values: [SQLStatement.Value] = [.text(id), .text(role.rawValue), .text(role.rawValue)]
        let changed = try await run(ownerLock + accountLock(id) + [
            // Checked before the update, on the rows the transaction holds: the entry is written
            // exactly when the update changes the role.
            auditQuery(.accountRoleChanged, by: origin, target: id, details: details, onlyIf: "EXISTS (SELECT 1 FROM accounts WHERE \(changes))", values),
            SQLQuery(text: "UPDATE accounts SET role = ? WHERE \(changes) RETURNING id", values: [.text(role.rawValue)] + values, columns: [.text]),
        ])
        if changed.last?.isEmpty != false {
            // Unchanged: the role it has already, or a refused demotion of the last owner.
            let current = try await existingAccount(id: id)
            guard current.role == role else { throw Self.lastOwner(account, doing: "become \(role.withArticle)") }
            return current
        }
        if role == .owner { try await endAdminTokenSessions() }
        return try await existingAccount(id: id)
    }

    /// Gives an account a new password (after the policy's check) and ends its sessions at once.
    /// Its audit entry, by `origin`, is written in the same transaction: `ownPassword` when the
    /// account changed its own (``AuditAction/accountPasswordChanged``), else an owner reset it.
    func setPassword(id: String, password: String, by origin: AuditOrigin, ownPassword: Bool = false) async throws {
        let account = try await existingAccount(id: id)
        try PasswordPolicy.check(password)
        let hash = try await hasher.hash(password)
        _ = try await run([
            SQLQuery(text: "UPDATE accounts SET password_hash = ? WHERE id = ?", values: [.text(hash), .text(id)]),
            SQLQuery(text: "DELETE FROM sessions WHERE account_id = ?", values: [.text(id)]),
            auditQuery(
                ownPassword ? .accountPasswordChanged : .accountPasswordReset, by: origin, target: id, details: Self.auditDetails(of: account),
                onlyIf: "EXISTS (SELECT 1 FROM accounts WHERE id = ?)", [.text(id)]),
        ])
    }

    /// Removes an account with its sessions and personal tokens; 409 when it is the last owner.
    /// Its audit entry, by `origin`, is written in the same transaction.
    func remove(id: String, by origin: AuditOrigin) async throws -> AccountRecord {
        let account = try await existingAccount(id: id)
        let allowed = "EXISTS (SELECT 1 FROM accounts WHERE id = ? AND (\(Self.notLastOwner)))"
        let results = try await run(ownerLock + [
            SQLQuery(text: "DELETE FROM sessions WHERE account_id = ? AND \(allowed)", values: [.text(id), .text(id)]),
            SQLQuery(text: "DELETE FROM personal_tokens WHERE account_id = ? AND \(allowed)", values: [.text(id), .text(id)]),
            SQLQuery(text: "DELETE FROM accounts WHERE id = ? AND (\(Self.notLastOwner)) RETURNING id", values: [.text(id)], columns: [.text]),
            auditQuery(
                .accountRemoved, by: origin, target: id, details: Self.auditDetails(of: account, role: true),
                onlyIf: "NOT EXISTS (SELECT 1 FROM accounts WHERE id = ?)", [.text(id)]),
        ])
        guard results.dropLast().last?.isEmpty == false else { throw Self.lastOwner(account, doing: "be removed") }
        return account
    }

    /// Ends every session of an account (it signs in again on its next page); its audit entry, by
    /// `origin`, is written in the same transaction.
    func endSessions(accountID: String, by origin: AuditOrigin) async throws {
        let account = try await existingAccount(id: accountID)
        _ = try await run([
            SQLQuery(text: "DELETE FROM sessions WHERE account_id = ?", values: [.text(accountID)]),
            auditQuery(.accountSignedOut, by: origin, target: accountID, details: Self.auditDetails(of: account)),
        ])
    }

    /// The account whose email and password these are; nil when either is wrong (the check takes
    /// as long either way).
    func verify(email: String, password: String) async throws -> AccountRecord? {
        guard let account = try await account(email: email) else {
            try await hasher.spendCheckTime(password)
            return nil
        }
        return try await hasher.verify(password, hash: account.passwordHash) ? account : nil
    }

    // MARK: Sessions

    /// The time sessions are checked at: the wall clock, as the browser's cookie `Max-Age` is,
    /// whatever clock the server's keys and tokens follow (``now``, which tests move).
    static func sessionNow() -> Date { Date() }

    /// A stored session with its account (nil for one opened with the admin token).
    struct StoredSession: Sendable {
        let account: AccountRecord?
        let expiresAt: Date
    }

    /// Stores a session (by the SHA-256 of its cookie's random part) for `accountID` (nil: the
    /// admin token), and forgets the sessions that have expired.
    func openSession(idHash: String, accountID: String?, expiresAt: Date) async throws {
        let now = Timestamp.milliseconds(Self.sessionNow())
        _ = try await run([
            SQLQuery(text: "DELETE FROM sessions WHERE expires_at <= ?", values: [.integer(now)]),
            SQLQuery(
                text: "INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, \(accountID == nil ? "NULL" : "?"), ?, ?)",
                values: [.text(idHash)] + (accountID.map { [.text($0)] } ?? []) + [.integer(now), .integer(Timestamp.milliseconds(expiresAt))]),
        ])
    }

    /// The stored session with this hash, if it has not ended or expired.
    func session(idHash: String) async throws -> StoredSession? {
        guard let row = try await rows(SQLQuery(
            text: """
                SELECT s.expires_at, \(Self.accountColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
                FROM sessions s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?
                """,
            values: [.text(idHash), .integer(Timestamp.milliseconds(Self.sessionNow()))], columns: [.integer] + Self.accountKinds)
        ).first, let expires = row[0]?.integer else { return nil }
        let account = Self.account(Array(row.dropFirst()))
        // A row whose account id is set but whose account is gone cannot exist (removal deletes
        // sessions first); an admin-token session has no account id, and the join finds none.
        return StoredSession(account: account, expiresAt: Timestamp.date(milliseconds: expires))
    }

    /// Who a session signs in, if its row is in the store and has not expired: its account, or,
    /// for a session opened with the admin token, the admin token while no owner account exists
    /// and the token is not retired.
    func principal(of session: DashboardSessions.Session) async throws -> Principal? {
        guard let stored = try await self.session(idHash: DashboardSessions.idHash(of: session)) else { return nil }
        if let account = stored.account {
            return Principal(accountID: account.id, displayName: account.name, role: account.role, credential: .session)
        }
        guard try await adminTokenRetiredAt() == nil, try await !hasOwner() else { return nil }
        return .adminToken(via: .session)
    }

    /// Ends a session.
    func endSession(idHash: String) async throws {
        _ = try await run([SQLQuery(text: "DELETE FROM sessions WHERE id_hash = ?", values: [.text(idHash)])])
    }

    /// Ends every session opened with the admin token (once an owner exists they stop working anyway).
    func endAdminTokenSessions() async throws {
        _ = try await run([SQLQuery(text: "DELETE FROM sessions WHERE account_id IS NULL", values: [])])
    }

    // MARK: Admin token

    /// When an owner retired the admin token, if one did: from then on it is refused everywhere.
    func adminTokenRetiredAt() async throws -> Date? {
        guard sql != nil else { return nil }
        let rows = try await rows(SQLQuery(
            text: "SELECT value FROM settings WHERE name = 'admin_token_retired_at'", values: [], columns: [.text]))
        return rows.first?.first??.text.flatMap(Int64.init).map(Timestamp.date(milliseconds:))
    }

    /// Retires the admin token now (no later request with it works, in any server process). The
    /// audit entry, by `origin`, is written in the same transaction, unless it was retired already.
    func retireAdminToken(by origin: AuditOrigin) async throws -> Date {
        let now = now()
        let retiredAt = String(Timestamp.milliseconds(now))
        _ = try await run([
            SQLQuery(
                text: "INSERT INTO settings (name, value) VALUES ('admin_token_retired_at', ?) ON CONFLICT (name) DO NOTHING",
                values: [.text(retiredAt)]),
            SQLQuery(text: "DELETE FROM sessions WHERE account_id IS NULL", values: []),
            auditQuery(
                .adminTokenRetired, by: origin, target: nil, details: ["retiredAt": .string(Timestamp.iso8601(now))],
                onlyIf: "EXISTS (SELECT 1 FROM settings WHERE name = 'admin_token_retired_at' AND value = ?)", [.text(retiredAt)]),
        ])
        return try await adminTokenRetiredAt() ?? now
    }

    // MARK: Plumbing

    static let accountColumns = "id, email, name, role, password_hash, created_at"
    static let accountKinds: [SQLQuery.Column] = [.text, .text, .text, .text, .text, .integer]

    static func account(_ row: [SQLStatement.Value?]) -> AccountRecord? {
        guard row.count >= 6, let id = row[0]?.text, let email = row[1]?.text, let name = row[2]?.text,
              let role = row[3]?.text.flatMap(Role.init(rawValue:)), let hash = row[4]?.text, let created = row[5]?.integer
        else { return nil }
        return AccountRecord(id: id, email: email, name: name, role: role, passwordHash: hash, createdAt: Timestamp.date(milliseconds: created))
    }

    /// True for a row that may stop being an owner: it is not one, or another owner remains.
    private static let notLastOwner = "role <> 'owner' OR (SELECT COUNT(*) FROM accounts WHERE role = 'owner') > 1"

    /// PostgreSQL: locks the owners' rows first, so two transactions that each remove one of two
    /// owners cannot both see the other one (SQLite runs one writing transaction at a time).
    private var ownerLock: [SQLQuery] {
        sql?.dialect == .postgres ? [SQLQuery(text: "SELECT id FROM accounts WHERE role = 'owner' FOR UPDATE", values: [], columns: [.text])] : []
    }

    /// PostgreSQL: locks the account's row, so what a transaction checks of it before changing it
    /// still holds when it changes it.
    private func accountLock(_ id: String) -> [SQLQuery] {
        sql?.dialect == .postgres ? [SQLQuery(text: "SELECT id FROM accounts WHERE id = ? FOR UPDATE", values: [.text(id)], columns: [.text])] : []
    }

    private static func lastOwner(_ account: AccountRecord, doing what: String) -> APIError {
        APIError.conflict(
            "\(account.name) (\(account.email)) is the only owner and cannot \(what): make another account an owner first, "
                + "so that someone can still manage apps, keys and accounts.")
    }

    static func normalized(_ email: String) -> String { email.trimmingCharacters(in: .whitespaces).lowercased() }

    static func checkedEmail(_ email: String) throws -> String {
        let email = normalized(email)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), email.count <= 254,
              !email.contains(where: { $0.isWhitespace || $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false) })
        else {
            throw APIError.badRequest(
                "\(String(reflecting: email)) is not an email address; give one such as ada@example.com (it is the name to sign in with).")
        }
        return email
    }

    static func checkedName(_ name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maximumNameLength, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw APIError.badRequest(
                "The name \(String(reflecting: name)) is empty, too long or has control characters; give 1 to \(maximumNameLength) "
                    + "characters, such as \"Ada Lovelace\".")
        }
        return name
    }

    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]] {
        guard let sql else {
            throw APIError.unavailable("This server's store keeps no accounts; use the admin token.")
        }
        return try await sql.run(queries)
    }

    func rows(_ query: SQLQuery) async throws -> [[SQLStatement.Value?]] {
        guard sql != nil else { return [] }
        return try await run([query]).first ?? []
    }
}

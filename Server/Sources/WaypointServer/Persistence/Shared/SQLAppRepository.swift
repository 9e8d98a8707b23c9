import Foundation

/// Apps, environments and SDK keys, written once over ``SQLRows`` for both databases
/// (docs/ARCHITECTURE.md, "Persistence").
///
/// Each write is one transaction (``SQLRows/perform(_:)``). On PostgreSQL it locks the rows it
/// decides on (``SQLDialect/lockingRows``), so writes through several servers run one after another;
/// SQLite runs one writing transaction at a time.
struct SQLAppRepository: AppRepository {
    let sql: any SQLRows

    private static let appColumns: [SQLQuery.Column] = [.text, .text, .integer]

    func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws {
        let created = Timestamp.milliseconds(app.createdAt)
        let dialect = sql.dialect
        let insert = SQLQuery(
            text: "INSERT INTO apps (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id",
            values: [.text(app.id.rawValue), .text(app.name), .integer(created)], columns: [.text])
        try await sql.perform(.run([insert]) { inserted in
            guard inserted[0].isEmpty == false else { throw StoreError.appExists(appID: app.id) }
            var queries: [SQLQuery] = []
            for environment in environments {
                queries.append(SQLQuery(text: "INSERT INTO environments (app_id, name) VALUES (?, ?)", values: [.text(app.id.rawValue), .text(environment.name.rawValue)]))
                queries.append(SQLQuery(
                    text: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                    values: [.text(environment.keyHash), .text(environment.keyPrefix), .text(app.id.rawValue), .text(environment.name.rawValue), .integer(created)]))
            }
            if let audit { queries.append(audit.insertQuery(in: dialect)) }
            return .run(queries) { _ in .done(()) }
        })
    }

    func app(id: AppID) async throws -> AppRecord? {
        try await sql.read(SQLQuery(text: "SELECT id, name, created_at FROM apps WHERE id = ?", values: [.text(id.rawValue)], columns: Self.appColumns))
            .first.map(Self.app)
    }

    func apps() async throws -> [AppRecord] {
        try await sql.read(SQLQuery(text: "SELECT id, name, created_at FROM apps ORDER BY id", values: [], columns: Self.appColumns))
            .map(Self.app)
    }

    func environmentSummaries(appID: AppID, recentSince: Date) async throws -> [EnvironmentSummary] {
        try await sql.read(SQLQuery(
            text: StoreSchema.environmentSummariesSQL,
            values: [.integer(Timestamp.milliseconds(recentSince)), .text(appID.rawValue)],
            columns: [.text, .integer, .integer, .integer])
        ).map { row in
            EnvironmentSummary(
                name: EnvironmentName(rawValue: try row.text(0)), publishedRevision: try row.optionalInteger(1).map(Int.init), lastEventAt: try row.optionalInteger(2),
                recentEvents: Int(try row.integer(3)))
        }
    }

    func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? {
        try await sql.read(SQLQuery(
            text: """
                SELECT app_id, environment, key_hash, prefix, expires_at FROM sdk_keys
                WHERE key_hash = ? AND (expires_at IS NULL OR expires_at > ?)
                """,
            values: [.text(keyHash), .integer(Timestamp.milliseconds(now))], columns: [.text, .text, .text, .text, .integer])
        ).first.map { row in
            EnvironmentRecord(
                appID: AppID(rawValue: try row.text(0)), name: EnvironmentName(rawValue: try row.text(1)), keyHash: try row.text(2), keyPrefix: try row.text(3),
                keyExpiresAt: try row.optionalInteger(4).map(Timestamp.date(milliseconds:)))
        }
    }

    func keys(appID: AppID, environment: EnvironmentName) async throws -> [SDKKeySummary] {
        try await sql.perform(Self.withKeys(appID: appID, environment: environment, lock: "") { .done($0) })
    }

    func rotateKey(
        appID: AppID, environment: EnvironmentName, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] {
        let dialect = sql.dialect
        let until = Timestamp.milliseconds(previousUntil)
        // Locks the environment's row: rotations through several servers run one after another.
        return try await sql.perform(Self.withKeys(appID: appID, environment: environment, lock: dialect.lockingRows) { keys in
            if keys.contains(where: { $0.prefix == prefix }) {
                throw StoreError.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix)
            }
            return .run([
                SQLQuery(
                    text: "UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND (expires_at IS NULL OR expires_at > ?)",
                    values: [.integer(until), .text(appID.rawValue), .text(environment.rawValue), .integer(until)]),
                SQLQuery(
                    text: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                    values: [.text(keyHash), .text(prefix), .text(appID.rawValue), .text(environment.rawValue), .integer(Timestamp.milliseconds(now))]),
            ]) { _ in
                Self.withKeys(appID: appID, environment: environment, lock: "") { after in
                    guard let entry = audit?(after) else { return .done(after) }
                    return .run([entry.insertQuery(in: dialect)]) { _ in .done(after) }
                }
            }
        })
    }

    func revokeKey(appID: AppID, environment: EnvironmentName, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary {
        let dialect = sql.dialect
        let ended = Timestamp.milliseconds(now)
        return try await sql.perform(Self.withKeys(appID: appID, environment: environment, lock: dialect.lockingRows) { keys in
            guard var key = keys.first(where: { $0.prefix == prefix }) else {
                throw StoreError.noKey(appID: appID, environment: environment, prefix: prefix)
            }
            guard let expires = key.expiresAt else {
                throw StoreError.currentKey(appID: appID, environment: environment, prefix: prefix)
            }
            // A key that had ended already is left as it was, and the log records nothing.
            guard Timestamp.milliseconds(expires) > ended else { return .done(key) }
            key.expiresAt = Timestamp.date(milliseconds: ended)
            var queries = [SQLQuery(
                text: "UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND prefix = ?",
                values: [.integer(ended), .text(appID.rawValue), .text(environment.rawValue), .text(prefix)])]
            if let entry = audit?(key) { queries.append(entry.insertQuery(in: dialect)) }
            return .run(queries) { [key] _ in .done(key) }
        })
    }

    /// Reads an environment's keys, oldest first, then goes on with `then`; throws
    /// ``StoreError/noEnvironment(appID:environment:)``. With `lock` (``SQLDialect/lockingRows``),
    /// the environment's row stays locked until the transaction ends.
    private static func withKeys<Result: Sendable>(
        appID: AppID, environment: EnvironmentName, lock: String, then: @escaping @Sendable ([SDKKeySummary]) throws -> SQLWork<Result>
    ) -> SQLWork<Result> {
        .run([
            SQLQuery(
                text: "SELECT name FROM environments WHERE app_id = ? AND name = ?\(lock)",
                values: [.text(appID.rawValue), .text(environment.rawValue)], columns: [.text]),
            SQLQuery(
                text: """
                    SELECT prefix, created_at, expires_at FROM sdk_keys WHERE app_id = ? AND environment = ?
                    ORDER BY created_at, expires_at IS NULL, prefix
                    """,
                values: [.text(appID.rawValue), .text(environment.rawValue)], columns: [.text, .integer, .integer]),
        ]) { rows in
            guard !rows[0].isEmpty else { throw StoreError.noEnvironment(appID: appID, environment: environment) }
            return try then(rows[1].map { row in
                SDKKeySummary(
                    prefix: try row.text(0), createdAt: Timestamp.date(milliseconds: try row.integer(1)),
                    expiresAt: try row.optionalInteger(2).map(Timestamp.date(milliseconds:)))
            })
        }
    }

    private static func app(_ row: SQLRow) throws -> AppRecord {
        AppRecord(id: AppID(rawValue: try row.text(0)), name: try row.text(1), createdAt: Timestamp.date(milliseconds: try row.integer(2)))
    }
}

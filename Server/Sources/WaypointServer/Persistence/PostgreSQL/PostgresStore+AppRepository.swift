import Foundation
import Logging
import NIOCore
import PostgresNIO

extension PostgresStore: AppRepository {
    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws {
        let logger = logger
        let chain = auditChain
        try await transaction { connection in
            let created = Timestamp.milliseconds(app.createdAt)
            let rows = try await connection.query(
                "INSERT INTO apps (id, name, created_at) VALUES (\(app.id), \(app.name), \(created)) ON CONFLICT (id) DO NOTHING RETURNING id",
                logger: logger)
            var inserted = false
            for try await _ in rows { inserted = true }
            guard inserted else {
                throw StoreError.appExists(appID: app.id)
            }
            for environment in environments {
                try await connection.query("INSERT INTO environments (app_id, name) VALUES (\(app.id), \(environment.name))", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at)
                    VALUES (\(environment.keyHash), \(environment.keyPrefix), \(app.id), \(environment.name), \(created))
                    """,
                    logger: logger)
            }
            try await Self.append(audit, connection, chain: chain, logger: logger)
        }
    }

    public func app(id: String) async throws -> AppRecord? {
        let rows = try await client.query("SELECT id, name, created_at FROM apps WHERE id = \(id)", logger: logger)
        for try await (id, name, created) in rows.decode((String, String, Int64).self) {
            return AppRecord(id: id, name: name, createdAt: Timestamp.date(milliseconds: created))
        }
        return nil
    }

    public func apps() async throws -> [AppRecord] {
        let rows = try await client.query("SELECT id, name, created_at FROM apps ORDER BY id", logger: logger)
        var apps: [AppRecord] = []
        for try await (id, name, created) in rows.decode((String, String, Int64).self) {
            apps.append(AppRecord(id: id, name: name, createdAt: Timestamp.date(milliseconds: created)))
        }
        return apps
    }

    public func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(Timestamp.milliseconds(recentSince))
        bindings.append(appID)
        let query = PostgresQuery(unsafeSQL: StoreSchema.environmentSummariesStatement(in: .postgres), binds: bindings)
        var summaries: [EnvironmentSummary] = []
        for try await (name, published, last, recent) in try await client.query(query, logger: logger).decode((String, Int?, Int64?, Int64).self) {
            summaries.append(EnvironmentSummary(name: name, publishedRevision: published, lastEventAt: last, recentEvents: Int(recent)))
        }
        return summaries
    }

    public func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? {
        let now = Timestamp.milliseconds(now)
        let rows = try await client.query(
            """
            SELECT app_id, environment, key_hash, prefix, expires_at FROM sdk_keys
            WHERE key_hash = \(keyHash) AND (expires_at IS NULL OR expires_at > \(now))
            """, logger: logger)
        for try await (app, name, hash, prefix, expires) in rows.decode((String, String, String, String, Int64?).self) {
            return EnvironmentRecord(
                appID: app, name: name, keyHash: hash, keyPrefix: prefix, keyExpiresAt: expires.map(Timestamp.date(milliseconds:)))
        }
        return nil
    }

    public func keys(appID: String, environment: String) async throws -> [SDKKeySummary] {
        let logger = logger
        return try await transaction { connection in
            try await Self.keys(connection, appID: appID, environment: environment, lock: false, logger: logger)
        }
    }

    public func rotateKey(
        appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            // Locks the environment's row: rotations through several servers run one after another.
            let keys = try await Self.keys(connection, appID: appID, environment: environment, lock: true, logger: logger)
            if keys.contains(where: { $0.prefix == prefix }) {
                throw StoreError.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix)
            }
            let until = Timestamp.milliseconds(previousUntil)
            let created = Timestamp.milliseconds(now)
            try await connection.query(
                """
                UPDATE sdk_keys SET expires_at = \(until)
                WHERE app_id = \(appID) AND environment = \(environment) AND (expires_at IS NULL OR expires_at > \(until))
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at)
                VALUES (\(keyHash), \(prefix), \(appID), \(environment), \(created))
                """, logger: logger)
            let after = try await Self.keys(connection, appID: appID, environment: environment, lock: false, logger: logger)
            try await Self.append(audit?(after), connection, chain: chain, logger: logger)
            return after
        }
    }

    public func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            let keys = try await Self.keys(connection, appID: appID, environment: environment, lock: true, logger: logger)
            guard var key = keys.first(where: { $0.prefix == prefix }) else {
                throw StoreError.noKey(appID: appID, environment: environment, prefix: prefix)
            }
            guard let expires = key.expiresAt else {
                throw StoreError.currentKey(appID: appID, environment: environment, prefix: prefix)
            }
            let ended = Timestamp.milliseconds(now)
            // A key that had ended already is left as it was, and the log records nothing.
            guard Timestamp.milliseconds(expires) > ended else { return key }
            try await connection.query(
                "UPDATE sdk_keys SET expires_at = \(ended) WHERE app_id = \(appID) AND environment = \(environment) AND prefix = \(prefix)",
                logger: logger)
            key.expiresAt = Timestamp.date(milliseconds: ended)
            try await Self.append(audit?(key), connection, chain: chain, logger: logger)
            return key
        }
    }

    /// An environment's keys, oldest first, its row locked when `lock`; throws
    /// ``StoreError/noEnvironment(appID:environment:)``.
    private static func keys(
        _ connection: PostgresConnection, appID: String, environment: String, lock: Bool, logger: Logger
    ) async throws -> [SDKKeySummary] {
        var found = false
        let locking = lock ? " FOR UPDATE" : ""
        for try await _ in try await connection.query(
            "SELECT 1 FROM environments WHERE app_id = \(appID) AND name = \(environment)\(unescaped: locking)", logger: logger) {
            found = true
        }
        guard found else { throw StoreError.noEnvironment(appID: appID, environment: environment) }
        var keys: [SDKKeySummary] = []
        for try await (prefix, created, expires) in try await connection.query(
            """
            SELECT prefix, created_at, expires_at FROM sdk_keys WHERE app_id = \(appID) AND environment = \(environment)
            ORDER BY created_at, expires_at IS NULL, prefix
            """, logger: logger
        ).decode((String, Int64, Int64?).self) {
            keys.append(SDKKeySummary(
                prefix: prefix, createdAt: Timestamp.date(milliseconds: created), expiresAt: expires.map(Timestamp.date(milliseconds:))))
        }
        return keys
    }
}

import Foundation
import GRDB

extension SQLiteStore: AppRepository {
    public func createApp(_ app: AppRecord, environments: [EnvironmentRecord], audit: AuditEntry?) async throws {
        try await pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM apps WHERE id = ?", arguments: [app.id]) == true {
                throw StoreError.appExists(appID: app.id)
            }
            let created = Timestamp.milliseconds(app.createdAt)
            try db.execute(sql: "INSERT INTO apps (id, name, created_at) VALUES (?, ?, ?)", arguments: [app.id, app.name, created])
            for environment in environments {
                try db.execute(sql: "INSERT INTO environments (app_id, name) VALUES (?, ?)", arguments: [app.id, environment.name])
                try db.execute(sql: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [environment.keyHash, environment.keyPrefix, app.id, environment.name, created])
            }
            try self.appendChained(audit, db)
        }
    }

    public func app(id: String) async throws -> AppRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, created_at FROM apps WHERE id = ?", arguments: [id]).map { row in
                AppRecord(id: row[0], name: row[1], createdAt: Timestamp.date(milliseconds: row[2]))
            }
        }
    }

    public func apps() async throws -> [AppRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM apps ORDER BY id").map { row in
                AppRecord(id: row[0], name: row[1], createdAt: Timestamp.date(milliseconds: row[2]))
            }
        }
    }

    public func environmentSummaries(appID: String, recentSince: Date) async throws -> [EnvironmentSummary] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSchema.environmentSummariesStatement(in: .sqlite),
                             arguments: [Timestamp.milliseconds(recentSince), appID]).map { row in
                EnvironmentSummary(name: row[0], publishedRevision: row[1], lastEventAt: row[2], recentEvents: row[3])
            }
        }
    }

    public func environment(keyHash: String, at now: Date) async throws -> EnvironmentRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT app_id, environment, key_hash, prefix, expires_at FROM sdk_keys
                WHERE key_hash = ? AND (expires_at IS NULL OR expires_at > ?)
                """, arguments: [keyHash, Timestamp.milliseconds(now)]).map { row in
                EnvironmentRecord(
                    appID: row[0], name: row[1], keyHash: row[2], keyPrefix: row[3],
                    keyExpiresAt: (row[4] as Int64?).map(Timestamp.date(milliseconds:)))
            }
        }
    }

    public func keys(appID: String, environment: String) async throws -> [SDKKeySummary] {
        try await pool.read { db in try Self.keys(db, appID: appID, environment: environment) }
    }

    public func rotateKey(
        appID: String, environment: String, keyHash: String, prefix: String, at now: Date, previousUntil: Date,
        audit: AuditEntryOf<[SDKKeySummary]>?
    ) async throws -> [SDKKeySummary] {
        try await pool.write { db in
            // Writes are serialized: no other rotation runs between these statements.
            _ = try Self.keys(db, appID: appID, environment: environment)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sdk_keys WHERE app_id = ? AND environment = ? AND prefix = ?",
                                 arguments: [appID, environment, prefix]) == true {
                throw StoreError.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix)
            }
            let until = Timestamp.milliseconds(previousUntil)
            try db.execute(sql: """
                UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND (expires_at IS NULL OR expires_at > ?)
                """, arguments: [until, appID, environment, until])
            try db.execute(sql: "INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [keyHash, prefix, appID, environment, Timestamp.milliseconds(now)])
            let keys = try Self.keys(db, appID: appID, environment: environment)
            try self.appendChained(audit?(keys), db)
            return keys
        }
    }

    public func revokeKey(appID: String, environment: String, prefix: String, at now: Date, audit: AuditEntryOf<SDKKeySummary>?) async throws
        -> SDKKeySummary {
        try await pool.write { db in
            let keys = try Self.keys(db, appID: appID, environment: environment)
            guard var key = keys.first(where: { $0.prefix == prefix }) else {
                throw StoreError.noKey(appID: appID, environment: environment, prefix: prefix)
            }
            guard key.expiresAt != nil else {
                throw StoreError.currentKey(appID: appID, environment: environment, prefix: prefix)
            }
            let ended = Timestamp.milliseconds(now)
            try db.execute(sql: "UPDATE sdk_keys SET expires_at = ? WHERE app_id = ? AND environment = ? AND prefix = ? AND expires_at > ?",
                           arguments: [ended, appID, environment, prefix, ended])
            // A key that had ended already is left as it was, and the log records nothing.
            guard db.changesCount > 0 else { return key }
            key.expiresAt = Timestamp.date(milliseconds: ended)
            try self.appendChained(audit?(key), db)
            return key
        }
    }

    /// An environment's keys, oldest first; throws ``StoreError/noEnvironment(appID:environment:)``.
    private static func keys(_ db: Database, appID: String, environment: String) throws -> [SDKKeySummary] {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM environments WHERE app_id = ? AND name = ?", arguments: [appID, environment]) == true else {
            throw StoreError.noEnvironment(appID: appID, environment: environment)
        }
        return try Row.fetchAll(db, sql: """
            SELECT prefix, created_at, expires_at FROM sdk_keys WHERE app_id = ? AND environment = ? ORDER BY created_at, expires_at IS NULL, prefix
            """, arguments: [appID, environment]).map { row in
            SDKKeySummary(prefix: row[0], createdAt: Timestamp.date(milliseconds: row[1]), expiresAt: (row[2] as Int64?).map(Timestamp.date(milliseconds:)))
        }
    }
}

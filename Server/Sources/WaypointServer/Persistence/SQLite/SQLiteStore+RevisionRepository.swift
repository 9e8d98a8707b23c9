import Foundation
import GRDB

extension SQLiteStore: RevisionRepository {
    public func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision {
        try await pool.write { db in
            // Writes are serialized: no other upload runs between this lookup and the insert.
            let same = try Row.fetchAll(db, sql: "SELECT number, body FROM revisions WHERE app_id = ? AND sha256 = ? ORDER BY number",
                                        arguments: [appID, sha256])
            if let existing = same.first(where: { row in [UInt8](row[1] as Data) == body }) {
                let added = AddedRevision(revision: existing[0], existing: true)
                try self.appendChained(audit?(added), db)
                return added
            }
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE app_id = ?", arguments: [appID]) ?? 1
            try db.execute(sql: "INSERT INTO revisions (app_id, number, sha256, body, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [appID, next, sha256, Data(body), Timestamp.milliseconds(createdAt)])
            let added = AddedRevision(revision: next, existing: false)
            try self.appendChained(audit?(added), db)
            return added
        }
    }

    public func revisions(appID: String) async throws -> [RevisionSummary] {
        try await pool.read { db in
            let published = try Row.fetchAll(db, sql: """
                SELECT name, published_revision FROM environments
                WHERE app_id = ? AND published_revision IS NOT NULL ORDER BY name
                """, arguments: [appID])
            var environments: [Int: [String]] = [:]
            for row in published {
                environments[row[1], default: []].append(row[0])
            }
            return try Row.fetchAll(db, sql: "SELECT number, sha256, created_at FROM revisions WHERE app_id = ? ORDER BY number",
                                    arguments: [appID]).map { row in
                let number: Int = row[0]
                return RevisionSummary(revision: number, sha256: row[1], createdAt: Timestamp.date(milliseconds: row[2]), publishedTo: environments[number] ?? [])
            }
        }
    }

    public func revision(appID: String, number: Int) async throws -> RevisionRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT number, sha256, body FROM revisions WHERE app_id = ? AND number = ?",
                             arguments: [appID, number]).map(Self.revisionRecord)
        }
    }

    public func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? {
        try await pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT published_revision FROM environments WHERE app_id = ? AND name = ?",
                                             arguments: [appID, environment]) else {
                throw StoreError.noEnvironment(appID: appID, environment: environment)
            }
            let previous: Int? = row[0]
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM revisions WHERE app_id = ? AND number = ?", arguments: [appID, revision]) == true else {
                throw StoreError.noRevision(appID: appID, revision: revision)
            }
            try db.execute(sql: "UPDATE environments SET published_revision = ? WHERE app_id = ? AND name = ?",
                           arguments: [revision, appID, environment])
            try db.execute(sql: "INSERT INTO publications (app_id, environment, revision, published_at) VALUES (?, ?, ?, ?)",
                           arguments: [appID, environment, revision, Timestamp.milliseconds(now)])
            try self.appendChained(audit?(previous), db)
            return previous
        }
    }

    public func publications(appID: String, environment: String) async throws -> [PublicationRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT revision, published_at FROM publications WHERE app_id = ? AND environment = ?
                ORDER BY published_at DESC, seq DESC
                """, arguments: [appID, environment]).map { row in
                PublicationRecord(environment: environment, revision: row[0], publishedAt: Timestamp.date(milliseconds: row[1]))
            }
        }
    }

    public func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT r.number, r.sha256, r.body FROM environments e
                JOIN revisions r ON r.app_id = e.app_id AND r.number = e.published_revision
                WHERE e.app_id = ? AND e.name = ?
                """, arguments: [appID, environment]).map(Self.revisionRecord)
        }
    }

    private static func revisionRecord(_ row: Row) -> RevisionRecord {
        let body: Data = row[2]
        return RevisionRecord(revision: row[0], sha256: row[1], body: [UInt8](body))
    }
}

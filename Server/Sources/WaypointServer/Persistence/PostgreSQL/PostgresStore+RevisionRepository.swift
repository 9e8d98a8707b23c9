import Foundation
import Logging
import NIOCore
import PostgresNIO

extension PostgresStore: RevisionRepository {
    public func addRevision(appID: String, body: [UInt8], sha256: String, createdAt: Date, audit: AuditEntryOf<AddedRevision>?) async throws
        -> AddedRevision {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            // Locks the app's row: revision numbers stay 1, 2, … even with uploads through several servers,
            // and no other upload of the same bytes runs between the lookup below and the insert.
            try await connection.query("SELECT id FROM apps WHERE id = \(appID) FOR UPDATE", logger: logger)
            var existing: Int?
            for try await (number, stored) in try await connection.query(
                "SELECT number, body FROM revisions WHERE app_id = \(appID) AND sha256 = \(sha256) ORDER BY number", logger: logger
            ).decode((Int, ByteBuffer).self) where existing == nil && Array(stored.readableBytesView) == body {
                existing = number
            }
            if let existing {
                let added = AddedRevision(revision: existing, existing: true)
                try await Self.append(audit?(added), connection, chain: chain, logger: logger)
                return added
            }
            var next = 1
            for try await value in try await connection.query(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE app_id = \(appID)", logger: logger
            ).decode(Int.self) {
                next = value
            }
            let created = Timestamp.milliseconds(createdAt)
            let bytes = ByteBuffer(bytes: body)
            try await connection.query(
                "INSERT INTO revisions (app_id, number, sha256, body, created_at) VALUES (\(appID), \(next), \(sha256), \(bytes), \(created))",
                logger: logger)
            let added = AddedRevision(revision: next, existing: false)
            try await Self.append(audit?(added), connection, chain: chain, logger: logger)
            return added
        }
    }

    public func revisions(appID: String) async throws -> [RevisionSummary] {
        var published: [Int: [String]] = [:]
        for try await (name, revision) in try await client.query(
            "SELECT name, published_revision FROM environments WHERE app_id = \(appID) AND published_revision IS NOT NULL ORDER BY name",
            logger: logger
        ).decode((String, Int).self) {
            published[revision, default: []].append(name)
        }
        var summaries: [RevisionSummary] = []
        for try await (number, sha256, created) in try await client.query(
            "SELECT number, sha256, created_at FROM revisions WHERE app_id = \(appID) ORDER BY number", logger: logger
        ).decode((Int, String, Int64).self) {
            summaries.append(RevisionSummary(
                revision: number, sha256: sha256, createdAt: Timestamp.date(milliseconds: created),
                publishedTo: published[number] ?? []))
        }
        return summaries
    }

    public func revision(appID: String, number: Int) async throws -> RevisionRecord? {
        for try await (revision, sha256, body) in try await client.query(
            "SELECT number, sha256, body FROM revisions WHERE app_id = \(appID) AND number = \(number)", logger: logger
        ).decode((Int, String, ByteBuffer).self) {
            return RevisionRecord(revision: revision, sha256: sha256, body: Array(body.readableBytesView))
        }
        return nil
    }

    public func publish(appID: String, environment: String, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?) async throws -> Int? {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            var found = false
            var previous: Int?
            for try await value in try await connection.query(
                "SELECT published_revision FROM environments WHERE app_id = \(appID) AND name = \(environment) FOR UPDATE", logger: logger
            ).decode(Int?.self) {
                found = true
                previous = value
            }
            guard found else {
                throw StoreError.noEnvironment(appID: appID, environment: environment)
            }
            var exists = false
            for try await _ in try await connection.query(
                "SELECT 1 FROM revisions WHERE app_id = \(appID) AND number = \(revision)", logger: logger) {
                exists = true
            }
            guard exists else {
                throw StoreError.noRevision(appID: appID, revision: revision)
            }
            try await connection.query(
                "UPDATE environments SET published_revision = \(revision) WHERE app_id = \(appID) AND name = \(environment)", logger: logger)
            let publishedAt = Timestamp.milliseconds(now)
            try await connection.query(
                """
                INSERT INTO publications (app_id, environment, revision, published_at)
                VALUES (\(appID), \(environment), \(revision), \(publishedAt))
                """, logger: logger)
            try await Self.append(audit?(previous), connection, chain: chain, logger: logger)
            return previous
        }
    }

    public func publications(appID: String, environment: String) async throws -> [PublicationRecord] {
        var records: [PublicationRecord] = []
        for try await (revision, publishedAt) in try await client.query(
            """
            SELECT revision, published_at FROM publications WHERE app_id = \(appID) AND environment = \(environment)
            ORDER BY published_at DESC, seq DESC
            """, logger: logger
        ).decode((Int, Int64).self) {
            records.append(PublicationRecord(environment: environment, revision: revision, publishedAt: Timestamp.date(milliseconds: publishedAt)))
        }
        return records
    }

    public func publishedRevision(appID: String, environment: String) async throws -> RevisionRecord? {
        for try await (revision, sha256, body) in try await client.query(
            """
            SELECT r.number, r.sha256, r.body FROM environments e
            JOIN revisions r ON r.app_id = e.app_id AND r.number = e.published_revision
            WHERE e.app_id = \(appID) AND e.name = \(environment)
            """, logger: logger
        ).decode((Int, String, ByteBuffer).self) {
            return RevisionRecord(revision: revision, sha256: sha256, body: Array(body.readableBytesView))
        }
        return nil
    }
}

import Foundation

/// Document revisions and publications, written once over ``SQLRows`` for both databases
/// (docs/ARCHITECTURE.md, "Persistence").
///
/// Each write is one transaction (``SQLRows/perform(_:)``). On PostgreSQL it locks the row it
/// decides on (``SQLDialect/lockingRows``): the app's for an upload, so revision numbers stay 1, 2, …
/// and one upload of the same bytes makes one revision through several servers; the environment's
/// for a publish. SQLite runs one writing transaction at a time.
struct SQLRevisionRepository: RevisionRepository {
    let sql: any SQLRows

    private static let recordColumns: [SQLQuery.Column] = [.integer, .text, .blob]

    func addRevision(
        appID: AppID, body: [UInt8], sha256: String, createdAt: Date, edits: RevisionEdits?, audit: AuditEntryOf<AddedRevision>?
    ) async throws -> AddedRevision {
        let dialect = sql.dialect
        return try await sql.perform(.run([
            SQLQuery(text: "SELECT id FROM apps WHERE id = ?\(dialect.lockingRows)", values: [.text(appID.rawValue)], columns: [.text]),
            SQLQuery(
                text: "SELECT number, body FROM revisions WHERE app_id = ? AND sha256 = ? ORDER BY number",
                values: [.text(appID.rawValue), .text(sha256)], columns: [.integer, .blob]),
            SQLQuery(text: "SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE app_id = ?", values: [.text(appID.rawValue)], columns: [.integer]),
        ]) { rows in
            // The same bytes (a digest is compared, then the bytes): that revision, and nothing stored.
            if let same = try rows[1].first(where: { try $0.bytes(1) == body }) {
                let added = AddedRevision(revision: Int(try same.integer(0)), existing: true)
                return Self.recording(audit?(added), in: dialect, result: added)
            }
            let next = try rows[2].first?.integer(0) ?? 1
            let added = AddedRevision(revision: Int(next), existing: false)
            var columns = "app_id, number, sha256, body, created_at"
            var values: [SQLStatement.Value] = [
                .text(appID.rawValue), .integer(next), .text(sha256), .blob(body), .integer(Timestamp.milliseconds(createdAt)),
            ]
            // An uploaded revision leaves `base_revision` and `edits` NULL.
            if let edits {
                columns += ", base_revision, edits"
                values += [.integer(Int64(edits.base)), .text(edits.json)]
            }
            let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
            var queries = [SQLQuery(text: "INSERT INTO revisions (\(columns)) VALUES (\(placeholders))", values: values)]
            if let entry = audit?(added) { queries.append(entry.insertQuery(in: dialect)) }
            return .run(queries) { _ in .done(added) }
        })
    }

    func revisions(appID: AppID) async throws -> [RevisionSummary] {
        let published = try await sql.read(SQLQuery(
            text: "SELECT name, published_revision FROM environments WHERE app_id = ? AND published_revision IS NOT NULL ORDER BY name",
            values: [.text(appID.rawValue)], columns: [.text, .integer]))
        var environments: [Int64: [EnvironmentName]] = [:]
        for row in published {
            environments[try row.integer(1), default: []].append(EnvironmentName(rawValue: try row.text(0)))
        }
        return try await sql.read(SQLQuery(
            text: "SELECT number, sha256, created_at, base_revision, edits FROM revisions WHERE app_id = ? ORDER BY number",
            values: [.text(appID.rawValue)], columns: [.integer, .text, .integer, .integer, .text])
        ).map { row in
            let number = try row.integer(0)
            return RevisionSummary(
                revision: Int(number), sha256: try row.text(1), createdAt: Timestamp.date(milliseconds: try row.integer(2)),
                publishedTo: environments[number] ?? [], base: try row.optionalInteger(3).map(Int.init), edits: try row.optionalText(4))
        }
    }

    func revision(appID: AppID, number: Int) async throws -> RevisionRecord? {
        try await sql.read(SQLQuery(
            text: "SELECT number, sha256, body FROM revisions WHERE app_id = ? AND number = ?",
            values: [.text(appID.rawValue), .integer(Int64(number))], columns: Self.recordColumns)
        ).first.map(Self.record)
    }

    func publish(
        appID: AppID, environment: EnvironmentName, revision: Int, at now: Date, audit: AuditEntryOf<Int?>?, conclusions: ConclusionsOf<Int?>?
    ) async throws -> Int? {
        let dialect = sql.dialect
        return try await sql.perform(.run([
            // Locks the environment's row: publishes through several servers run one after another.
            SQLQuery(
                text: "SELECT published_revision FROM environments WHERE app_id = ? AND name = ?\(dialect.lockingRows)",
                values: [.text(appID.rawValue), .text(environment.rawValue)], columns: [.integer]),
            SQLQuery(
                text: "SELECT number FROM revisions WHERE app_id = ? AND number = ?", values: [.text(appID.rawValue), .integer(Int64(revision))],
                columns: [.integer]),
        ]) { rows in
            guard let environmentRow = rows[0].first else { throw StoreError.noEnvironment(appID: appID, environment: environment) }
            guard !rows[1].isEmpty else { throw StoreError.noRevision(appID: appID, revision: revision) }
            let previous = try environmentRow.optionalInteger(0).map(Int.init)
            var queries = [
                SQLQuery(
                    text: "UPDATE environments SET published_revision = ? WHERE app_id = ? AND name = ?",
                    values: [.integer(Int64(revision)), .text(appID.rawValue), .text(environment.rawValue)]),
                SQLQuery(
                    text: "INSERT INTO publications (app_id, environment, revision, published_at) VALUES (?, ?, ?, ?)",
                    values: [.text(appID.rawValue), .text(environment.rawValue), .integer(Int64(revision)), .integer(Timestamp.milliseconds(now))]),
            ]
            // Experiments the revision published before had and this one has not (ExperimentConclusion).
            queries += try conclusions?(previous).map(SQLExperimentConclusionRepository.insertQuery) ?? []
            if let entry = audit?(previous) { queries.append(entry.insertQuery(in: dialect)) }
            return .run(queries) { _ in .done(previous) }
        })
    }

    func publications(appID: AppID, environment: EnvironmentName) async throws -> [PublicationRecord] {
        try await sql.read(SQLQuery(
            text: """
                SELECT revision, published_at FROM publications WHERE app_id = ? AND environment = ?
                ORDER BY published_at DESC, seq DESC
                """,
            values: [.text(appID.rawValue), .text(environment.rawValue)], columns: [.integer, .integer])
        ).map { row in
            PublicationRecord(
                environment: environment, revision: Int(try row.integer(0)), publishedAt: Timestamp.date(milliseconds: try row.integer(1)))
        }
    }

    func publishedRevision(appID: AppID, environment: EnvironmentName) async throws -> RevisionRecord? {
        try await sql.read(SQLQuery(
            text: """
                SELECT r.number, r.sha256, r.body FROM environments e
                JOIN revisions r ON r.app_id = e.app_id AND r.number = e.published_revision
                WHERE e.app_id = ? AND e.name = ?
                """,
            values: [.text(appID.rawValue), .text(environment.rawValue)], columns: Self.recordColumns)
        ).first.map(Self.record)
    }

    /// The work that appends `entry` (when there is one), then answers `result`.
    private static func recording<Result: Sendable>(_ entry: AuditEntry?, in dialect: SQLDialect, result: Result) -> SQLWork<Result> {
        guard let entry else { return .done(result) }
        return .run([entry.insertQuery(in: dialect)]) { _ in .done(result) }
    }

    private static func record(_ row: SQLRow) throws -> RevisionRecord {
        RevisionRecord(revision: Int(try row.integer(0)), sha256: try row.text(1), body: try row.bytes(2))
    }
}

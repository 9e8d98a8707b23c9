import Foundation

/// Concluded experiments, written once over ``SQLRows`` for both databases (docs/ARCHITECTURE.md,
/// "Persistence"): the reads of ``ExperimentConclusionRepository`` and the insert
/// ``SQLRevisionRepository`` runs in a publish's transaction.
struct SQLExperimentConclusionRepository: ExperimentConclusionRepository {
    let sql: any SQLRows

    private static let selection = """
        SELECT experiment, revisions, first_published_at, last_published_at, goal, hypothesis, decision, variation, report, concluded_at
        FROM experiment_conclusions
        """
    private static let columns: [SQLQuery.Column] = [.text, .text, .integer, .integer, .text, .text, .text, .text, .text, .integer]

    func conclusions(appID: AppID, environment: EnvironmentName) async throws -> [ExperimentConclusion] {
        try await sql.read(SQLQuery(
            text: Self.selection + " WHERE app_id = ? AND environment = ? ORDER BY seq DESC",
            values: [.text(appID.rawValue), .text(environment.rawValue)], columns: Self.columns)
        ).map { try Self.record($0, appID: appID, environment: environment) }
    }

    func conclusion(appID: AppID, environment: EnvironmentName, experiment key: String) async throws -> ExperimentConclusion? {
        try await sql.read(SQLQuery(
            text: Self.selection + " WHERE app_id = ? AND environment = ? AND experiment = ? ORDER BY seq DESC LIMIT 1",
            values: [.text(appID.rawValue), .text(environment.rawValue), .text(key)], columns: Self.columns)
        ).first.map { try Self.record($0, appID: appID, environment: environment) }
    }

    /// The statement that writes `conclusion` (run in the transaction of the publish that concludes it).
    static func insertQuery(_ conclusion: ExperimentConclusion) -> SQLQuery {
        var columns = ["app_id", "environment", "experiment", "revisions", "goal", "decision", "concluded_at"]
        var values: [SQLStatement.Value] = [
            .text(conclusion.appID.rawValue), .text(conclusion.environment.rawValue), .text(conclusion.experiment),
            .text(revisionsText(conclusion.revisions)), .text(conclusion.goal), .text(conclusion.decision.rawValue),
            .integer(Timestamp.milliseconds(conclusion.concludedAt)),
        ]
        // What is missing stays NULL.
        let optional: [(String, SQLStatement.Value?)] = [
            ("first_published_at", conclusion.firstPublished.map { .integer(Timestamp.milliseconds($0)) }),
            ("last_published_at", conclusion.lastPublished.map { .integer(Timestamp.milliseconds($0)) }),
            ("hypothesis", conclusion.hypothesis.map { .text($0) }),
            ("variation", conclusion.variation.map { .text($0) }),
            ("report", conclusion.report.map { .text($0) }),
        ]
        for case let (column, value?) in optional {
            columns.append(column)
            values.append(value)
        }
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return SQLQuery(text: "INSERT INTO experiment_conclusions (\(columns.joined(separator: ", "))) VALUES (\(placeholders))", values: values)
    }

    /// `[3,4]`.
    static func revisionsText(_ revisions: [Int]) -> String {
        "[" + revisions.map(String.init).joined(separator: ",") + "]"
    }

    private static func record(_ row: SQLRow, appID: AppID, environment: EnvironmentName) throws -> ExperimentConclusion {
        let revisionsText = try row.text(1)
        guard let revisions = try? JSONDecoder().decode([Int].self, from: Data(revisionsText.utf8)) else {
            throw StoreError.unexpectedValue(column: 1, expected: "a JSON array of revision numbers")
        }
        let decisionText = try row.text(6)
        guard let decision = ExperimentConclusion.Decision(rawValue: decisionText) else {
            throw StoreError.unexpectedValue(column: 6, expected: "shipped or stopped")
        }
        return ExperimentConclusion(
            appID: appID, environment: environment, experiment: try row.text(0), revisions: revisions,
            firstPublished: try row.optionalInteger(2).map(Timestamp.date(milliseconds:)),
            lastPublished: try row.optionalInteger(3).map(Timestamp.date(milliseconds:)),
            goal: try row.text(4), hypothesis: try row.optionalText(5), decision: decision, variation: try row.optionalText(7),
            report: try row.optionalText(8), concludedAt: Timestamp.date(milliseconds: try row.integer(9)))
    }
}

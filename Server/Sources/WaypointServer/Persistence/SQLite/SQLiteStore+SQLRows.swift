import Foundation
import GRDB

extension SQLiteStore: SQLRows {
    var dialect: SQLDialect { .sqlite }

    func perform<Result: Sendable>(_ work: SQLWork<Result>) async throws -> Result {
        // Writes are serialized: no other transaction runs between the steps.
        try await pool.write { db in
            var work = work
            while true {
                switch work {
                case .done(let result):
                    return result
                case .run(let queries, let then):
                    let results = try queries.map { query in
                        let rows = try Self.rows(of: query, db)
                        if !rows.isEmpty { try self.appendChained(query.auditEntry, db) }
                        return rows
                    }
                    work = try then(results)
                }
            }
        }
    }

    func read(_ query: SQLQuery) async throws -> [SQLRow] {
        try await pool.read { db in try Self.rows(of: query, db) }
    }

    /// The rows of `query`, each with the values its `columns` name.
    private static func rows(of query: SQLQuery, _ db: Database) throws -> [SQLRow] {
        let statement = query.statement(in: .sqlite)
        return try Row.fetchAll(db, sql: statement.text, arguments: statement.arguments).map { row in
            query.columns.enumerated().map { index, column -> SQLStatement.Value? in
                switch column {
                case .text: (row[index] as String?).map { .text($0) }
                case .integer: (row[index] as Int64?).map { .integer($0) }
                case .blob: (row[index] as Data?).map { .blob([UInt8]($0)) }
                }
            }
        }
    }
}

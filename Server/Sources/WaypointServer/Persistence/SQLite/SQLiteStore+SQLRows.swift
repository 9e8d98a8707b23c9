import GRDB

extension SQLiteStore: SQLRows {
    var dialect: SQLDialect { .sqlite }

    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]] {
        try await pool.write { db in
            try queries.map { query in
                let statement = query.statement(in: .sqlite)
                let rows = try Row.fetchAll(db, sql: statement.text, arguments: statement.arguments).map { row in
                    query.columns.enumerated().map { index, column -> SQLStatement.Value? in
                        switch column {
                        case .text: (row[index] as String?).map { .text($0) }
                        case .integer: (row[index] as Int64?).map { .integer($0) }
                        }
                    }
                }
                if !rows.isEmpty { try self.appendChained(query.auditEntry, db) }
                return rows
            }
        }
    }
}

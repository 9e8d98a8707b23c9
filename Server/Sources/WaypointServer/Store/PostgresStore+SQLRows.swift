import PostgresNIO

extension PostgresStore: SQLRows {
    var dialect: SQLDialect { .postgres }

    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]] {
        let logger = logger
        return try await transaction { connection in
            var results: [[[SQLStatement.Value?]]] = []
            for query in queries {
                var rows: [[SQLStatement.Value?]] = []
                for try await row in try await connection.query(PostgresQuery(query.statement(in: .postgres)), logger: logger) {
                    var values: [SQLStatement.Value?] = []
                    for (index, cell) in row.enumerated() where index < query.columns.count {
                        switch query.columns[index] {
                        case .text: values.append(try cell.decode(String?.self).map { .text($0) })
                        case .integer: values.append(try cell.decode(Int64?.self).map { .integer($0) })
                        }
                    }
                    rows.append(values)
                }
                results.append(rows)
            }
            return results
        }
    }
}

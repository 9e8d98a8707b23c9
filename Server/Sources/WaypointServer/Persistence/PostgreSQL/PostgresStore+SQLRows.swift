import PostgresNIO

extension PostgresStore: SQLRows {
    var dialect: SQLDialect { .postgres }

    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]] {
        let logger = logger
        let chain = auditChain
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
                if !rows.isEmpty { try await Self.append(query.auditEntry, connection, chain: chain, logger: logger) }
                results.append(rows)
            }
            return results
        }
    }
}

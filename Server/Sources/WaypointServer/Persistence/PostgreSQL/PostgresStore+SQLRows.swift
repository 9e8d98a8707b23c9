import Logging
import NIOCore
import PostgresNIO

extension PostgresStore: SQLRows {
    var dialect: SQLDialect { .postgres }

    func perform<Result: Sendable>(_ work: SQLWork<Result>) async throws -> Result {
        let logger = logger
        let chain = auditChain
        return try await transaction { connection in
            var work = work
            while true {
                switch work {
                case .done(let result):
                    return result
                case .run(let queries, let then):
                    var results: [[SQLRow]] = []
                    for query in queries {
                        let rows = try await Self.rows(of: query, try await connection.query(PostgresQuery(query.statement(in: .postgres)), logger: logger))
                        if !rows.isEmpty { try await Self.append(query.auditEntry, connection, chain: chain, logger: logger) }
                        results.append(rows)
                    }
                    work = try then(results)
                }
            }
        }
    }

    func read(_ query: SQLQuery) async throws -> [SQLRow] {
        try await Self.rows(of: query, try await client.query(PostgresQuery(query.statement(in: .postgres)), logger: logger))
    }

    /// The rows of `query` from `sequence`, each with the values its `columns` name.
    private static func rows(of query: SQLQuery, _ sequence: PostgresRowSequence) async throws -> [SQLRow] {
        var rows: [SQLRow] = []
        for try await row in sequence {
            var values: SQLRow = []
            for (index, cell) in row.enumerated() where index < query.columns.count {
                switch query.columns[index] {
                case .text: values.append(try cell.decode(String?.self).map { .text($0) })
                case .integer: values.append(try cell.decode(Int64?.self).map { .integer($0) })
                case .blob: values.append(try cell.decode(ByteBuffer?.self).map { .blob(Array($0.readableBytesView)) })
                }
            }
            rows.append(values)
        }
        return rows
    }
}

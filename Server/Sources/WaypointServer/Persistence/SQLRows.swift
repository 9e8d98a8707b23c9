/// A database that runs plain statements in its own ``SQLDialect``: what is written once for both
/// databases runs through it. ``People`` (accounts, sessions, personal tokens, settings),
/// ``SQLAppRepository`` and ``SQLRevisionRepository`` read and write only through it, with the same
/// SQL text for SQLite and PostgreSQL (docs/ARCHITECTURE.md, "Persistence").
///
/// ``SQLiteStore`` and ``PostgresStore`` conform.
protocol SQLRows: Sendable {
    /// The SQL this database speaks.
    var dialect: SQLDialect { get }

    /// Runs `work` in one writing transaction, a step at a time: each step's queries in order, then
    /// the step after it, made from their rows, until the work is done. After a query with an
    /// ``SQLQuery/auditEntry`` that returned a row, the database appends the entry to the audit log's
    /// chain. An error anywhere, thrown by a query or by a step, rolls all of it back.
    func perform<Result: Sendable>(_ work: SQLWork<Result>) async throws -> Result

    /// The rows of one query that only reads, outside any writing transaction (on SQLite, beside
    /// the writer rather than behind it).
    func read(_ query: SQLQuery) async throws -> [SQLRow]
}

extension SQLRows {
    /// Runs `queries` in one transaction, in order, and returns each one's rows; see ``perform(_:)``.
    func run(_ queries: [SQLQuery]) async throws -> [[SQLRow]] {
        try await perform(.run(queries) { .done($0) })
    }
}

/// One row of a query: its values in the order of the query's `columns`; nil for NULL.
typealias SQLRow = [SQLStatement.Value?]

/// Work done in one transaction, a step at a time (``SQLRows/perform(_:)``): queries, and what to
/// do with their rows, which is either the next step or the result. A step that throws rolls the
/// transaction back, so a check between statements (an environment that does not exist) changes nothing.
indirect enum SQLWork<Result: Sendable>: Sendable {
    /// Runs the queries, then goes on with what `then` makes of their rows (one array per query).
    case run([SQLQuery], then: @Sendable ([[SQLRow]]) throws -> SQLWork<Result>)
    /// The work is done.
    case done(Result)
}

/// A statement with `?` placeholders, and what each column of its rows holds.
struct SQLQuery: Sendable {
    /// What a column of the result holds.
    enum Column: Sendable {
        case text
        case integer
        case blob
    }

    /// The SQL, with one `?` per value (in order); rendered with `$1`, `$2`, … for PostgreSQL.
    var text: String
    var values: [SQLStatement.Value]
    var columns: [Column] = []
    /// An audit entry the store appends to the audit log's chain, in the same transaction, when
    /// this query returns a row (``AuditEntry/insertQuery(in:onlyIf:_:)``).
    var auditEntry: AuditEntry? = nil

    /// The statement with its placeholders in `dialect`.
    func statement(in dialect: SQLDialect) -> SQLStatement {
        guard dialect == .postgres else { return SQLStatement(text: text, values: values) }
        var rendered = ""
        var position = 0
        for character in text {
            if character == "?" {
                position += 1
                rendered += dialect.placeholder(position)
            } else {
                rendered.append(character)
            }
        }
        return SQLStatement(text: rendered, values: values)
    }
}

extension SQLStatement.Value {
    /// The text, or nil for another value.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The integer, or nil for another value.
    var integer: Int64? {
        if case .integer(let integer) = self { return integer }
        return nil
    }

    /// The bytes, or nil for another value.
    var bytes: [UInt8]? {
        if case .blob(let bytes) = self { return bytes }
        return nil
    }
}

extension Array where Element == SQLStatement.Value? {
    /// The text of column `index`; throws when it is NULL or not text (a query whose `columns` do
    /// not match its SQL, or a schema that is not this server's).
    func text(_ index: Int) throws -> String {
        guard index < count, let text = self[index]?.text else { throw StoreError.unexpectedValue(column: index, expected: "text") }
        return text
    }

    /// The text of column `index`, or nil for NULL; throws when it holds something else.
    func optionalText(_ index: Int) throws -> String? {
        guard index < count, let value = self[index] else { return nil }
        guard let text = value.text else { throw StoreError.unexpectedValue(column: index, expected: "text") }
        return text
    }

    /// The integer of column `index`, or nil for NULL; throws when it holds something else.
    func optionalInteger(_ index: Int) throws -> Int64? {
        guard index < count, let value = self[index] else { return nil }
        guard let integer = value.integer else { throw StoreError.unexpectedValue(column: index, expected: "an integer") }
        return integer
    }

    /// The integer of column `index`; throws when it is NULL or not an integer.
    func integer(_ index: Int) throws -> Int64 {
        guard let integer = try optionalInteger(index) else { throw StoreError.unexpectedValue(column: index, expected: "an integer") }
        return integer
    }

    /// The bytes of column `index`; throws when it is NULL or not bytes.
    func bytes(_ index: Int) throws -> [UInt8] {
        guard index < count, let bytes = self[index]?.bytes else { throw StoreError.unexpectedValue(column: index, expected: "bytes") }
        return bytes
    }
}

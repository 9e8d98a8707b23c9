/// A store that runs plain statements in its own ``SQLDialect``: the people tables (accounts,
/// sessions, personal tokens, settings) are read and written through it by ``People``, with the
/// same SQL text for both stores.
///
/// ``SQLiteStore`` and ``PostgresStore`` conform; a `Store` that does not (a test's stand-in) has no
/// accounts, and only the admin token works with it.
protocol SQLRows: Sendable {
    /// The SQL this store speaks.
    var dialect: SQLDialect { get }

    /// Runs `queries` in one transaction, in order, and returns each one's rows (its values in the
    /// order of its `columns`; nil for NULL); after a query with an ``SQLQuery/auditEntry`` that
    /// returned a row, appends the entry. An error in any of them rolls all of them back.
    func run(_ queries: [SQLQuery]) async throws -> [[[SQLStatement.Value?]]]
}

/// A statement with `?` placeholders, and what each column of its rows holds.
struct SQLQuery: Sendable {
    /// What a column of the result holds.
    enum Column: Sendable {
        case text
        case integer
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
    /// The text, or nil for an integer.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The integer, or nil for text.
    var integer: Int64? {
        if case .integer(let integer) = self { return integer }
        return nil
    }
}

/// SQL text with `?` or `$n` placeholders and the values bound to them, in order.
struct SQLStatement: Sendable, Hashable {
    /// A value bound to a placeholder.
    enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int64)
        /// Bytes: a `BLOB` in SQLite, a `BYTEA` in PostgreSQL.
        case blob([UInt8])
    }

    var text: String
    var values: [Value]
}

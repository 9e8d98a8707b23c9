import PostgresNIO

extension PostgresQuery {
    /// `statement` with its values bound to `$1`, `$2`, … (rendered in ``SQLDialect/postgres``).
    init(_ statement: SQLStatement) {
        var bindings = PostgresBindings(capacity: statement.values.count)
        for value in statement.values {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let integer): bindings.append(integer)
            }
        }
        self.init(unsafeSQL: statement.text, binds: bindings)
    }
}

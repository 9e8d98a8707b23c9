import NIOCore
import PostgresNIO

extension PostgresQuery {
    /// `statement` with its values bound to `$1`, `$2`, … (rendered in ``SQLDialect/postgres``).
    init(_ statement: SQLStatement) {
        var bindings = PostgresBindings(capacity: statement.values.count)
        for value in statement.values {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let integer): bindings.append(integer)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        self.init(unsafeSQL: statement.text, binds: bindings)
    }
}

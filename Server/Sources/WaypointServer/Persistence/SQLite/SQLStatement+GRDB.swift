import Foundation
import GRDB

extension SQLStatement {
    /// The values bound to the `?` placeholders (rendered in ``SQLDialect/sqlite``), for GRDB.
    var arguments: StatementArguments {
        StatementArguments(values.map { value -> DatabaseValue in
            switch value {
            case .text(let text): text.databaseValue
            case .integer(let integer): integer.databaseValue
            case .blob(let bytes): Data(bytes).databaseValue
            }
        })
    }
}

extension StoreSchema {
    /// The statements that create every table, then every index, in `dialect`.
    func statements(in dialect: SQLDialect) -> [String] {
        tables.map { Self.tableStatement($0, in: dialect) } + indexes.map { indexStatement($0, in: dialect) }
    }

    /// `CREATE TABLE …` for `table` (`CREATE TABLE IF NOT EXISTS …` for a migration step that
    /// adds it, which must do nothing on a database that has it already).
    static func tableStatement(_ table: Table, in dialect: SQLDialect, ifNotExists: Bool = false) -> String {
        var lines = table.columns.map { column in
            var line = "\(column.name) \(dialect.typeName(column.type))"
            // SQLite compares text byte by byte unless told otherwise; PostgreSQL needs the "C" collation.
            if column.sortsByBytes && dialect == .postgres { line += " COLLATE \"C\"" }
            if !column.isNullable && column.type != .sequence { line += " NOT NULL" }
            if let references = column.references { line += " REFERENCES \(references)" }
            return line
        }
        // Unique constraints first: SQLite names the indexes behind them in this order, as it always has.
        lines += table.unique.map { "UNIQUE (\($0.joined(separator: ", ")))" }
        if !table.primaryKey.isEmpty { lines.append("PRIMARY KEY (\(table.primaryKey.joined(separator: ", ")))") }
        return "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(table.name) (\n    " + lines.joined(separator: ",\n    ") + "\n)"
    }

    /// `CREATE INDEX …` for `index`.
    ///
    /// SQLite ends every index of a table with the row id, and sorts its entries by it: an index
    /// whose last column is the row id (a ``ColumnType/sequence`` column) is written without it
    /// there, since naming it would store it twice in every entry for the same order.
    func indexStatement(_ index: Index, in dialect: SQLDialect) -> String {
        var columns = index.columns
        if dialect == .sqlite, columns.count > 1,
           let sequence = tables.first(where: { $0.name == index.table })?.sequenceColumn, columns.last == sequence {
            columns.removeLast()
        }
        return "CREATE INDEX \(index.name) ON \(index.table) (\(columns.joined(separator: ", ")))"
    }
}

extension StoreSchema {
    /// The migration step that adds the table named `name` of ``current`` to a database of the
    /// earlier release; it does nothing on a database that has the table.
    static func addingTable(_ name: String, in dialect: SQLDialect) -> String {
        guard let table = current.tables.first(where: { $0.name == name }) else {
            preconditionFailure("StoreSchema.current has no table \(name)")
        }
        return tableStatement(table, in: dialect, ifNotExists: true)
    }
}

extension StoreSchema {
    /// The tables of people (accounts, their sessions and personal tokens, and the settings), added
    /// by one migration step of each store: the step named ``peopleStepName``.
    static let peopleTables = ["accounts", "sessions", "personal_tokens", "settings"]

    /// The name of the migration step that adds ``peopleTables``.
    static let peopleStepName = "people-accounts-sessions-tokens"
}

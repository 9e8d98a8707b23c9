/// The SQL each store speaks: what ``StoreSchema`` and ``EventQuery`` are rendered to.
enum SQLDialect: Sendable {
    /// SQLite, through GRDB (``SQLiteStore``).
    case sqlite
    /// PostgreSQL, through PostgresNIO (``PostgresStore``).
    case postgres

    /// The placeholder of the bound value at `position` (1, 2, …): `?` or `$1`, `$2`, ….
    func placeholder(_ position: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(position)"
        }
    }

    /// What ends a `SELECT` that locks the rows it reads until the transaction ends: ` FOR UPDATE`
    /// on PostgreSQL, where transactions of several servers run at once; nothing on SQLite, whose
    /// writing transactions run one at a time.
    var lockingRows: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE"
        }
    }

    /// The column type that holds values of `type`.
    func typeName(_ type: StoreSchema.ColumnType) -> String {
        switch (self, type) {
        case (_, .text): "TEXT"
        case (_, .integer): "INTEGER"
        case (.sqlite, .bigInteger): "INTEGER"
        case (.postgres, .bigInteger): "BIGINT"
        case (.sqlite, .bytes): "BLOB"
        case (.postgres, .bytes): "BYTEA"
        // SQLite: an INTEGER PRIMARY KEY is the row id, assigned in increasing order on insert.
        case (.sqlite, .sequence): "INTEGER PRIMARY KEY"
        case (.postgres, .sequence): "BIGSERIAL PRIMARY KEY"
        }
    }
}

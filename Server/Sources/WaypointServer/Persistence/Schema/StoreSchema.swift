/// The tables and indexes of a store, described once: ``SQLiteStore`` and ``PostgresStore`` both
/// create their schema from ``current``, each in its own ``SQLDialect``.
///
/// Times are whole milliseconds since 1970 (see ``Timestamp``). A database created from an
/// earlier description is brought to this one by a migration step of each store, which must also
/// do nothing on a database created from this description.
struct StoreSchema: Sendable {
    /// What a column holds.
    enum ColumnType: Sendable, Hashable {
        /// UTF-8 text.
        case text
        /// A 32-bit integer (revision numbers).
        case integer
        /// A 64-bit integer (milliseconds since 1970).
        case bigInteger
        /// Bytes, exactly as written.
        case bytes
        /// The table's primary key: 1, 2, … in the order rows are inserted, assigned by the database.
        case sequence
    }

    /// A column of a table.
    struct Column: Sendable, Hashable {
        var name: String
        var type: ColumnType
        var isNullable: Bool
        /// Compared and sorted byte by byte (UTF-8), whatever the database's locale says.
        var sortsByBytes: Bool
        /// The `table(column)` each value must exist in.
        var references: String?

        init(_ name: String, _ type: ColumnType, isNullable: Bool = false, sortsByBytes: Bool = false, references: String? = nil) {
            self.name = name
            self.type = type
            self.isNullable = isNullable
            self.sortsByBytes = sortsByBytes
            self.references = references
        }
    }

    /// A table with its keys.
    struct Table: Sendable, Hashable {
        var name: String
        var columns: [Column]
        var primaryKey: [String] = []
        var unique: [[String]] = []

        /// The column that numbers the rows in insertion order, if the table has one.
        var sequenceColumn: String? { columns.first { $0.type == .sequence }?.name }
    }

    /// An index: the order in which a query reads a table's rows.
    struct Index: Sendable, Hashable {
        var name: String
        var table: String
        var columns: [String]
    }

    var tables: [Table]
    var indexes: [Index]

    /// Apps, their environments and document revisions, when each revision was published, events,
    /// the message ids of erased events, and the audit log.
    ///
    /// Every event index ends with `seq`, the order of arrival: reading an app's events page by
    /// page (`app_id, seq`) and reading them by user (`user_id, timestamp_ms, seq`, which is also
    /// the cursor of a page) then follow an index to the end, with no sort; an environment's last
    /// event and its events since a time (`app_id, environment, received_at_ms`) are one lookup and
    /// one range of an index. In SQLite, `seq` is
    /// the row id, which every index ends with already (see ``StoreSchema/indexStatement(_:in:)``).
    static let current = StoreSchema(
        tables: [
            Table(name: "apps", columns: [Column("id", .text), Column("name", .text), Column("created_at", .bigInteger)], primaryKey: ["id"]),
            Table(
                name: "revisions",
                columns: [
                    Column("app_id", .text, references: "apps(id)"), Column("number", .integer), Column("sha256", .text),
                    Column("body", .bytes), Column("created_at", .bigInteger),
                    // A revision made by edits (``StoreSchema/revisionEditsStepName``, hence last): the
                    // revision they were applied to and the edits' JSON, `{"edits": [EDIT, …]}`.
                    Column("base_revision", .integer, isNullable: true), Column("edits", .text, isNullable: true),
                ],
                primaryKey: ["app_id", "number"]),
            Table(
                name: "environments",
                columns: [
                    Column("app_id", .text, references: "apps(id)"), Column("name", .text),
                    Column("published_revision", .integer, isNullable: true),
                ],
                primaryKey: ["app_id", "name"]),
            // SDK keys by the SHA-256 of the key; the prefix names a key without its secret. A key
            // with no `expires_at` is its environment's current key; the others stop working then.
            Table(
                name: "sdk_keys",
                columns: [
                    Column("key_hash", .text), Column("prefix", .text, sortsByBytes: true), Column("app_id", .text, references: "apps(id)"),
                    Column("environment", .text), Column("created_at", .bigInteger), Column("expires_at", .bigInteger, isNullable: true),
                ],
                primaryKey: ["key_hash"], unique: [["app_id", "environment", "prefix"]]),
            Table(
                name: "events",
                columns: [
                    Column("seq", .sequence), Column("app_id", .text), Column("message_id", .text),
                    // Users are read in byte order in both stores, so pages (and reports) agree.
                    Column("user_id", .text, sortsByBytes: true), Column("flow_id", .text, isNullable: true),
                    Column("timestamp_ms", .bigInteger), Column("environment", .text), Column("received_at_ms", .bigInteger),
                    Column("line", .text),
                    // Added by the contributions step (``StoreSchema/contributionsStepName``), hence last.
                    Column("walkthrough_id", .text, isNullable: true),
                ],
                unique: [["app_id", "message_id"]]),
            // Every publish of a revision to an environment, and when: a report's range can start at
            // the time a revision went out ("since revision 3 was published"). `seq` orders
            // publishes made in the same millisecond.
            Table(
                name: "publications",
                columns: [
                    Column("seq", .sequence), Column("app_id", .text, references: "apps(id)"), Column("environment", .text),
                    Column("revision", .integer), Column("published_at", .bigInteger),
                ]),
            // The message ids of erased events, so that one delivered again stays a duplicate;
            // `timestamp_ms` is the event's time, by which retention forgets them too.
            Table(
                name: "erased_messages",
                columns: [Column("app_id", .text), Column("message_id", .text), Column("timestamp_ms", .bigInteger)],
                primaryKey: ["app_id", "message_id"]),
            // Who did what, when and from where; append-only (see ``StoreSchema/auditLogStep(in:)``).
            // No reference to `apps`: an entry names an app as it was asked for, whatever became of it.
            Table(
                name: "audit_log",
                columns: [
                    Column("seq", .sequence), Column("at_ms", .bigInteger), Column("actor_kind", .text), Column("actor_id", .text),
                    Column("actor_name", .text), Column("address", .text, isNullable: true), Column("action", .text),
                    Column("app_id", .text, isNullable: true), Column("environment", .text, isNullable: true),
                    Column("target", .text, isNullable: true), Column("details", .text),
                    // The entry's HMAC over its content and the previous entry's `chain` (AuditChain).
                    Column("chain", .text, isNullable: true),
                ]),
            // People who use the dashboard and the API ("accounts", never "users": those are an
            // app's end users). `email` is stored lower-cased; `password_hash` is a bcrypt hash.
            Table(
                name: "accounts",
                columns: [
                    Column("id", .text), Column("email", .text, sortsByBytes: true), Column("name", .text), Column("role", .text),
                    Column("password_hash", .text), Column("created_at", .bigInteger),
                ],
                primaryKey: ["id"], unique: [["email"]]),
            // Dashboard sessions by the SHA-256 of the random part of their cookie. A session with no
            // `account_id` was opened with the admin token, before any owner account existed.
            Table(
                name: "sessions",
                columns: [
                    Column("id_hash", .text), Column("account_id", .text, isNullable: true, references: "accounts(id)"),
                    Column("created_at", .bigInteger), Column("expires_at", .bigInteger),
                ],
                primaryKey: ["id_hash"]),
            // Personal API tokens by their SHA-256, named by their prefix; each acts with its own role.
            Table(
                name: "personal_tokens",
                columns: [
                    Column("token_hash", .text), Column("prefix", .text, sortsByBytes: true),
                    Column("account_id", .text, references: "accounts(id)"), Column("name", .text), Column("role", .text),
                    Column("created_at", .bigInteger), Column("expires_at", .bigInteger),
                    Column("revoked_at", .bigInteger, isNullable: true), Column("last_used_at", .bigInteger, isNullable: true),
                ],
                primaryKey: ["token_hash"], unique: [["prefix"]]),
            // Server-wide settings every process reads from the store (such as when the admin token was retired).
            Table(name: "settings", columns: [Column("name", .text), Column("value", .text)], primaryKey: ["name"]),
        ],
        indexes: [
            Index(name: "events_by_app", table: "events", columns: ["app_id", "seq"]),
            Index(name: "events_by_flow_user", table: "events", columns: ["app_id", "flow_id", "user_id", "timestamp_ms", "seq"]),
            Index(name: "events_by_environment", table: "events", columns: ["app_id", "environment", "received_at_ms", "seq"]),
            Index(name: "audit_log_by_app", table: "audit_log", columns: ["app_id", "seq"]),
        ])

    /// The table named `name` (which must be one of ``tables``).
    func table(_ name: String) -> Table {
        guard let table = tables.first(where: { $0.name == name }) else { preconditionFailure("the schema has no table \(name)") }
        return table
    }

    /// The index named `name` (which must be one of ``indexes``).
    func index(_ name: String) -> Index {
        guard let index = indexes.first(where: { $0.name == name }) else { preconditionFailure("the schema has no index \(name)") }
        return index
    }
}

/// The audit log's statements, in both stores' dialects: the insert of a chained row, the page query, the read of stored rows.
extension AuditQuery {
    /// The columns of each row, in order (``AuditEntry/init(row:)`` of each store reads them so).
    static let columns = [
        "seq", "at_ms", "actor_kind", "actor_id", "actor_name", "address", "action", "app_id", "environment", "target", "details",
    ]

    /// The page's query, newest first (by `seq`, the order entries were added), one entry more than
    /// the limit so the reader knows whether another page follows.
    var query: SQLQuery {
        var values: [SQLStatement.Value] = []
        var conditions: [String] = []
        func condition(_ text: String, _ value: SQLStatement.Value) {
            conditions.append(text)
            values.append(value)
        }
        if let appID { condition("app_id = ?", .text(appID)) }
        if let action { condition("action = ?", .text(action.rawValue)) }
        if let actorID { condition("actor_id = ?", .text(actorID)) }
        if let since { condition("at_ms >= ?", .integer(Timestamp.milliseconds(since))) }
        if let until { condition("at_ms < ?", .integer(Timestamp.milliseconds(until))) }
        if let after { condition("seq < ?", .integer(after)) }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        values.append(.integer(Int64(max(limit, 1)) + 1))
        return SQLQuery(
            text: "SELECT \(Self.columns.joined(separator: ", ")) FROM audit_log\(filter) ORDER BY seq DESC LIMIT ?", values: values,
            columns: [.integer, .integer, .text, .text, .text, .text, .text, .text, .text, .text, .text])
    }
}

extension AuditRow {
    /// The columns a stored row is read with: ``AuditQuery/columns`` and `chain`.
    static let columns = AuditQuery.columns + ["chain"]

    /// The insert of this row with its ``chain`` in `dialect` (its `seq` is assigned by the database).
    func insertStatement(in dialect: SQLDialect) -> SQLStatement {
        let columns = Self.columns.dropFirst()
        let values: [SQLStatement.Value?] = [
            .integer(atMilliseconds), .text(actorKind), .text(actorID), .text(actorName), address.map(SQLStatement.Value.text),
            .text(action), appID.map(SQLStatement.Value.text), environment.map(SQLStatement.Value.text),
            target.map(SQLStatement.Value.text), .text(details), chain.map(SQLStatement.Value.text),
        ]
        // A missing value is written as NULL, not bound.
        var bound: [SQLStatement.Value] = []
        let placeholders = values.indices.map { index -> String in
            guard let value = values[index] else { return "NULL" }
            bound.append(value)
            return dialect.placeholder(bound.count)
        }
        return SQLStatement(
            text: "INSERT INTO audit_log (\(columns.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))", values: bound)
    }

    /// The statement that reads up to `limit` stored rows after `seq`, oldest first, in `dialect`.
    static func readStatement(after seq: Int64, limit: Int, in dialect: SQLDialect) -> SQLStatement {
        SQLStatement(
            text: "SELECT \(columns.joined(separator: ", ")) FROM audit_log WHERE seq > \(dialect.placeholder(1)) ORDER BY seq "
                + "LIMIT \(dialect.placeholder(2))",
            values: [.integer(seq), .integer(Int64(limit))])
    }
}

extension AuditEntry {
    /// A page of rows read with ``AuditQuery/query`` (one more than `limit` when another page follows).
    static func page(_ entries: [AuditEntry], limit: Int) -> AuditPage {
        let limit = max(limit, 1)
        guard entries.count > limit else { return AuditPage(entries: entries, next: nil) }
        let shown = Array(entries.prefix(limit))
        return AuditPage(entries: shown, next: shown.last?.id)
    }

    /// An entry from the values of one row, in ``AuditQuery/columns`` order; codes this server does
    /// not know (written by a newer one) are kept as they are.
    static func fromRow(
        seq: Int64, atMilliseconds: Int64, actorKind: String, actorID: String, actorName: String, address: String?, action: String,
        appID: String?, environment: String?, target: String?, details: String
    ) -> AuditEntry {
        AuditEntry(
            id: seq, at: Timestamp.date(milliseconds: atMilliseconds),
            actor: AuditActor(kind: AuditActor.Kind(rawValue: actorKind), id: actorID, name: actorName), address: address,
            action: AuditAction(rawValue: action), appID: appID, environment: environment, target: target,
            details: AuditEntry.details(fromText: details))
    }
}

extension AuditEntry {
    /// The append of this entry as a ``SQLQuery`` for ``People``, which writes through ``SQLRows``:
    /// run in the transaction of the change it records, where the store appends the entry to the
    /// chain (``SQLQuery/auditEntry``). With a `condition` (SQL with `?` for `conditionValues`),
    /// the entry is added only when the condition holds at that point of the transaction, so a
    /// change the transaction refused (the last owner, a taken email) leaves no entry.
    func insertQuery(in dialect: SQLDialect, onlyIf condition: String? = nil, _ conditionValues: [SQLStatement.Value] = []) -> SQLQuery {
        SQLQuery(
            text: "SELECT 1 WHERE \(condition ?? "1 = 1")", values: conditionValues, columns: [],
            auditEntry: dialect == .postgres ? withoutNULs : self)
    }
}

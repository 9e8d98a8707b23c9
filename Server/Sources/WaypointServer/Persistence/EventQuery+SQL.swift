extension EventQuery {
    /// The columns of each row: `seq, line` in storage order; `user_id, timestamp_ms, seq, line` by user.
    var columns: [String] {
        switch order {
        case .stored: ["seq", "line"]
        case .byUser: ["user_id", "timestamp_ms", "seq", "line"]
        }
    }

    /// The query in `dialect`, every value bound to a placeholder (none is written into the text).
    func statement(in dialect: SQLDialect) -> SQLStatement {
        var values: [SQLStatement.Value] = []
        func bind(_ value: SQLStatement.Value) -> String {
            values.append(value)
            return dialect.placeholder(values.count)
        }
        var conditions = ["app_id = \(bind(.text(appID.rawValue)))"]
        if let environment { conditions.append("environment = \(bind(.text(environment.rawValue)))") }
        switch flow {
        case .anyFlow: break
        case .flow(let flowID): conditions.append("flow_id = \(bind(.text(flowID)))")
        case .noFlow: conditions.append("flow_id IS NULL")
        }
        if let since = timestamps?.since { conditions.append("timestamp_ms >= \(bind(.integer(since)))") }
        if let until = timestamps?.until { conditions.append("timestamp_ms < \(bind(.integer(until)))") }
        let orderBy: String
        switch order {
        case .stored(let cursor):
            if let cursor { conditions.append("seq > \(bind(.integer(cursor)))") }
            orderBy = "seq"
        case .byUser(let cursor):
            if let cursor {
                let position = [bind(.text(cursor.userID)), bind(.integer(cursor.timestamp)), bind(.integer(cursor.sequence))]
                conditions.append("(user_id, timestamp_ms, seq) > (\(position.joined(separator: ", ")))")
            }
            orderBy = "user_id, timestamp_ms, seq"
        }
        let limit = bind(.integer(Int64(limit)))
        let text = "SELECT \(columns.joined(separator: ", ")) FROM events WHERE \(conditions.joined(separator: " AND "))"
            + " ORDER BY \(orderBy) LIMIT \(limit)"
        return SQLStatement(text: text, values: values)
    }
}

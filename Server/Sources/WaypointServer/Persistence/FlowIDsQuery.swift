/// The ids of the flows an environment of an app has events of, described once and rendered to each
/// store's SQL with ``FlowIDsQuery/statement(in:)``.
///
/// A loose scan of `events_by_flow_user`: each step seeks the next flow id after the previous one,
/// so its work follows the number of flows asked for, never the number of events. It is bounded by
/// ``limit``, since apps choose their flow ids.
struct FlowIDsQuery: Sendable, Hashable {
    var appID: AppID
    var environment: EnvironmentName
    /// At most this many ids, the first by their bytes.
    var limit: Int

    /// The query in `dialect`: one row per flow id, sorted by bytes.
    func statement(in dialect: SQLDialect) -> SQLStatement {
        var values: [SQLStatement.Value] = []
        func bind(_ value: SQLStatement.Value) -> String {
            values.append(value)
            return dialect.placeholder(values.count)
        }
        let first = "SELECT flow_id FROM events WHERE app_id = \(bind(.text(appID.rawValue))) AND environment = \(bind(.text(environment.rawValue)))"
            + " AND flow_id IS NOT NULL ORDER BY flow_id LIMIT 1"
        let next = "SELECT e.flow_id FROM events e WHERE e.app_id = \(bind(.text(appID.rawValue))) AND e.environment = \(bind(.text(environment.rawValue)))"
            + " AND e.flow_id > flows.flow_id ORDER BY e.flow_id LIMIT 1"
        let limit = bind(.integer(Int64(limit)))
        let text = """
            WITH RECURSIVE flows(flow_id, n) AS (
                SELECT (\(first)), 1
                UNION ALL
                SELECT (\(next)), flows.n + 1 FROM flows WHERE flows.flow_id IS NOT NULL AND flows.n < \(limit)
            )
            SELECT flow_id FROM flows WHERE flow_id IS NOT NULL
            """
        return SQLStatement(text: text, values: values)
    }
}

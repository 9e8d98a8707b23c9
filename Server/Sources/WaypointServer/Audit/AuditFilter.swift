import Foundation
import WaypointTools

/// The filters of `GET /v1/audit` and the dashboard's audit page, read once: `app`, `action`,
/// `actor`, `since`, `until`, `limit` and `after`.
enum AuditFilter {
    /// Every parameter the audit log takes.
    static let names = ["app", "action", "actor", "since", "until", "limit", "after"]
    /// The entries of a page when `limit` is not given.
    static let defaultLimit = 50
    /// The most entries a page holds.
    static let maximumLimit = 200

    /// The query `parameters` ask for (a parameter given twice: its first value).
    ///
    /// Throws 400 `bad-query` for a parameter the log does not take, an app id that cannot be one,
    /// an action it does not record (with a did-you-mean), an empty actor or one with control
    /// characters (which no id has, and PostgreSQL text cannot hold), a `since` or `until`
    /// that is not a date or a time or a `since` not before `until`, a `limit` outside
    /// 1…``maximumLimit`` and an `after` that is not an entry's id.
    static func query(_ parameters: [(name: String, value: String)]) throws(APIError) -> AuditQuery {
        try ReportParameters.refuseUnknown(parameters.map(\.name), route: "the audit log", accepted: names)
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        var query = AuditQuery(limit: defaultLimit)
        if let app = value("app") {
            try Identifier.require(app, label: "app")
            query.appID = app
        }
        if let action = value("action") {
            guard AuditAction.codes.contains(action) else {
                let hint = ReportError.suggestion(for: action, among: AuditAction.codes).map { " Did you mean \($0)?" } ?? ""
                throw APIError.badRequest(
                    "action=\(action) is not an action the audit log records.\(hint) Use one of \(ReportParameters.list(AuditAction.codes)).",
                    code: "bad-query")
            }
            query.action = AuditAction(rawValue: action)
        }
        if let actor = value("actor") {
            guard !actor.isEmpty, actor.count <= 200, !actor.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw APIError.badRequest(
                    "actor must be an actor's id of 1 to 200 characters and no control characters, such as actor=admin (the admin token) "
                        + "or actor=retention.",
                    code: "bad-query")
            }
            query.actorID = actor
        }
        let range = try EventTimeRange.parse(since: value("since"), until: value("until"))
        query.since = range?.since.map(Timestamp.date(milliseconds:))
        query.until = range?.until.map(Timestamp.date(milliseconds:))
        if let text = value("limit") {
            guard let limit = Int(text), (1...maximumLimit).contains(limit) else {
                throw APIError.badRequest(
                    "limit=\(text) is not a number of entries from 1 to \(maximumLimit); leave it out for \(defaultLimit).", code: "bad-query")
            }
            query.limit = limit
        }
        if let text = value("after") {
            guard let after = Int64(text), after > 0 else {
                throw APIError.badRequest(
                    "after=\(text) is not an entry's id; pass the \"next\" of the page before to read the entries older than it.",
                    code: "bad-query")
            }
            query.after = after
        }
        return query
    }
}

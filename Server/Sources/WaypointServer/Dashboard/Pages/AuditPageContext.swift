import Foundation
import Waypoint
import WaypointTools

/// The `audit` template: the audit log, newest first, with its filter form and a link to older entries.
struct AuditPageContext: PageContext {
    static var template: String { "audit" }

    /// One choice of the action filter: an action's code, or "" for any action.
    struct ActionOption: Sendable {
        let code: String
        let label: String
        let selected: Bool
    }

    /// One entry of the log.
    struct Row: Sendable {
        let id: Int64
        /// When, ISO 8601 in UTC.
        let at: String
        /// The actor's name, and its kind and id in brackets.
        let actor: String
        let actorID: String
        /// The client's address, or "–" for the server's own work.
        let address: String
        let action: String
        let app: String
        let environment: String
        let target: String
        /// The details as JSON (keys sorted).
        let details: String

        init(_ entry: AuditEntry) {
            id = entry.id ?? 0
            at = Timestamp.iso8601(entry.at)
            actor = "\(entry.actor.name) (\(entry.actor.kind.rawValue))"
            actorID = entry.actor.id
            address = entry.address ?? "–"
            action = entry.action.rawValue
            app = entry.appID ?? "–"
            environment = entry.environment ?? "–"
            target = entry.target ?? "–"
            details = (try? WaypointJSON.text(JSONValue.object(entry.details))) ?? "{}"
        }
    }

    /// The filter form's values, as sent.
    let app: String
    let actor: String
    let since: String
    let until: String
    /// "Any action", then every action; the one filtered by selected.
    let actions: [ActionOption]
    let rows: [Row]
    let hasEntries: Bool
    /// Why the filters were refused.
    let message: String?
    /// The link to the next page of older entries, the same filters kept; nil on the last page.
    let older: String?

    /// The page of `rows`; `filters` are the form's values as sent (`name=value`, empty ones left out).
    init(filters: [(name: String, value: String)], rows: [Row], next: Int64?, message: String? = nil) {
        func value(_ name: String) -> String { filters.first { $0.name == name }?.value ?? "" }
        app = value("app")
        actor = value("actor")
        since = value("since")
        until = value("until")
        let action = value("action")
        actions = [ActionOption(code: "", label: "Any action", selected: action.isEmpty)]
            + AuditAction.codes.map { ActionOption(code: $0, label: $0, selected: $0 == action) }
        self.rows = rows
        hasEntries = !rows.isEmpty
        self.message = message
        older = next.map { next in
            var components = URLComponents()
            components.path = "/audit"
            components.queryItems = filters.filter { $0.name != "after" }.map { URLQueryItem(name: $0.name, value: $0.value) }
                + [URLQueryItem(name: "after", value: String(next))]
            return components.string ?? "/audit?after=\(next)"
        }
    }
}

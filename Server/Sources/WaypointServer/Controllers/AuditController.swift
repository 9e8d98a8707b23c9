import Foundation
import Hummingbird
import Waypoint

/// `GET /v1/audit`: the audit log, newest first, filtered and a page at a time.
///
/// Added to the `v1/audit` group; ``AccessRules`` lets only owners in.
struct AuditController: Sendable {
    typealias Context = ServerContext
    let auditLog: AuditLog

    /// The path of the route, as the router and the request log name it.
    static var route: String { "/v1/audit" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(use: list)
    }

    /// One entry as the API shows it.
    struct Entry: Encodable {
        let entry: AuditEntry

        private enum CodingKeys: String, CodingKey { case id, at, actor, address, action, app, environment, target, details }
        private enum ActorKeys: String, CodingKey { case kind, id, name }

        // Written out so that `null` stands for "none" rather than the key being left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entry.id ?? 0, forKey: .id)
            try container.encode(Timestamp.iso8601(entry.at), forKey: .at)
            var actor = container.nestedContainer(keyedBy: ActorKeys.self, forKey: .actor)
            try actor.encode(entry.actor.kind.rawValue, forKey: .kind)
            try actor.encode(entry.actor.id, forKey: .id)
            try actor.encode(entry.actor.name, forKey: .name)
            try container.encode(entry.address, forKey: .address)
            try container.encode(entry.action.rawValue, forKey: .action)
            try container.encode(entry.appID, forKey: .app)
            try container.encode(entry.environment, forKey: .environment)
            try container.encode(entry.target, forKey: .target)
            try container.encode(entry.details, forKey: .details)
        }
    }

    private struct Page: Encodable {
        let entries: [Entry]
        let next: Int64?

        private enum CodingKeys: String, CodingKey { case entries, next }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entries, forKey: .entries)
            try container.encode(next, forKey: .next)
        }
    }

    /// 200 `{"entries":[…],"next":N}`, newest first; `next` (null on the last page) is the `after`
    /// of the next page. 400 for a filter ``AuditFilter`` refuses.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let page = try await auditLog.entries(try AuditFilter.query(parameters))
        return try JSONBody.response(Page(entries: page.entries.map(Entry.init), next: page.next))
    }
}

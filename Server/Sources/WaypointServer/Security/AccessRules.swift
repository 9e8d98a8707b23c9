import HTTPTypes

/// Who may use each route: the one table ``AccessMiddleware`` enforces on every request
/// (docs/ARCHITECTURE.md, "People").
///
/// Keys are `METHOD /path` as the router names its routes (`/v1/apps/{app}/revisions`). A route
/// missing from the table is refused to everyone, and the access-matrix test fails, so a new route
/// cannot be reachable by accident.
enum AccessRules {
    /// What a route needs.
    enum Access: Sendable, Hashable {
        /// Nothing: health, metrics, the API description, the sign-in page and the style sheet.
        case everyone
        /// An SDK key (`Waypoint-Key`), which the route's handler checks.
        case sdkKey
        /// At least this role: on `/v1` a bearer token (the admin token or a personal API token),
        /// on dashboard pages a session.
        case role(Role)
    }

    /// Every route's access.
    static let table: [String: Access] = [
        // Open to everyone.
        "GET /health": .everyone,
        "GET /ready": .everyone,
        "GET /metrics": .everyone,
        "GET /openapi.json": .everyone,
        "GET /": .everyone,
        "GET /dashboard.css": .everyone,
        "GET /login": .everyone,
        "POST /login": .everyone,
        // Apps, with their SDK keys.
        "GET /v1/document": .sdkKey,
        "POST /v1/events": .sdkKey,
        // The API.
        "GET /v1/apps": .role(.viewer),
        "POST /v1/apps": .role(.owner),
        "GET /v1/apps/{app}/revisions": .role(.viewer),
        "POST /v1/apps/{app}/revisions": .role(.editor),
        "POST /v1/apps/{app}/revisions/{revision}/edits": .role(.editor),
        "GET /v1/apps/{app}/revisions/{revision}/preview": .role(.viewer),
        "POST /v1/apps/{app}/environments/{environment}/publish": .role(.publisher),
        "GET /v1/apps/{app}/funnel": .role(.viewer),
        "GET /v1/apps/{app}/walkthroughs/{walkthrough}/report": .role(.viewer),
        "GET /v1/apps/{app}/experiments": .role(.viewer),
        "GET /v1/apps/{app}/experiments/{experiment}": .role(.viewer),
        "GET /v1/apps/{app}/events": .role(.viewer),
        "GET /v1/apps/{app}/environments/{environment}/keys": .role(.owner),
        "POST /v1/apps/{app}/environments/{environment}/keys": .role(.owner),
        "DELETE /v1/apps/{app}/environments/{environment}/keys/{keyPrefix}": .role(.owner),
        "DELETE /v1/apps/{app}/users/{userId}": .role(.owner),
        "GET /v1/people": .role(.owner),
        "POST /v1/people": .role(.owner),
        "PATCH /v1/people/{account}": .role(.owner),
        "DELETE /v1/people/{account}": .role(.owner),
        "PUT /v1/people/{account}/password": .role(.owner),
        "POST /v1/people/{account}/sign-out": .role(.owner),
        "DELETE /v1/admin-token": .role(.owner),
        "GET /v1/audit": .role(.owner),
        "GET /v1/me": .role(.viewer),
        "GET /v1/tokens": .role(.viewer),
        "POST /v1/tokens": .role(.viewer),
        "DELETE /v1/tokens/{tokenPrefix}": .role(.viewer),
        // Dashboard pages and forms.
        "POST /logout": .role(.viewer),
        "GET /apps": .role(.viewer),
        "POST /apps": .role(.owner),
        "GET /apps/{app}": .role(.viewer),
        "POST /apps/{app}/revisions": .role(.editor),
        "GET /apps/{app}/revisions/{revision}": .role(.viewer),
        "GET /apps/{app}/revisions/{revision}/flows/{flow}/steps/{step}": .role(.viewer),
        "POST /apps/{app}/revisions/{revision}/flows/{flow}/steps/{step}": .role(.editor),
        "GET /apps/{app}/revisions/{revision}/walkthroughs/{walkthrough}/steps/{step}": .role(.viewer),
        "POST /apps/{app}/revisions/{revision}/walkthroughs/{walkthrough}/steps/{step}": .role(.editor),
        "POST /apps/{app}/environments/{environment}/publish": .role(.publisher),
        "POST /apps/{app}/environments/{environment}/keys": .role(.owner),
        "POST /apps/{app}/environments/{environment}/keys/{keyPrefix}/revoke": .role(.owner),
        "GET /apps/{app}/flows/{flow}": .role(.viewer),
        "GET /apps/{app}/walkthroughs/{walkthrough}": .role(.viewer),
        "GET /apps/{app}/experiments/{experiment}": .role(.viewer),
        // Edits without JSON: the edits route's role.
        "GET /apps/{app}/revisions/{revision}/experiments/new": .role(.editor),
        "POST /apps/{app}/revisions/{revision}/experiments/new": .role(.editor),
        "GET /apps/{app}/revisions/{revision}/experiments/{experiment}": .role(.editor),
        "POST /apps/{app}/revisions/{revision}/experiments/{experiment}": .role(.editor),
        "POST /apps/{app}/environments/{environment}/experiments/{experiment}/ship": .role(.editor),
        "POST /apps/{app}/environments/{environment}/experiments/{experiment}/stop": .role(.editor),
        "GET /people": .role(.owner),
        "POST /people": .role(.owner),
        "POST /people/{account}/role": .role(.owner),
        "POST /people/{account}/password": .role(.owner),
        "POST /people/{account}/remove": .role(.owner),
        "GET /tokens": .role(.viewer),
        "POST /tokens": .role(.viewer),
        "POST /tokens/{tokenPrefix}/revoke": .role(.viewer),
        "POST /account/password": .role(.viewer),
        "GET /audit": .role(.owner),
    ]

    /// The access of the route `path` (as the router names it) for `method`; a `HEAD` has its
    /// `GET`'s. Nil for a route with no rule.
    ///
    /// Runs on every request: it looks the path up in ``byPath``, the table indexed once, rather than
    /// building a `METHOD /path` string to look up.
    static func access(_ method: HTTPRequest.Method, _ path: String) -> Access? {
        guard let methods = byPath[path] else { return nil }
        let name = method == .head ? HTTPRequest.Method.get : method
        return methods.first { $0.method == name }?.access
    }

    /// ``table`` by path, then method.
    static let byPath: [String: [(method: HTTPRequest.Method, access: Access)]] = {
        var index: [String: [(method: HTTPRequest.Method, access: Access)]] = [:]
        for (route, access) in table {
            let parts = route.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let method = HTTPRequest.Method(String(parts[0])) else {
                preconditionFailure("AccessRules.table names \(route), which is not `METHOD /path`")
            }
            index[String(parts[1]), default: []].append((method, access))
        }
        return index
    }()
}

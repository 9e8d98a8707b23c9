import Hummingbird
import WaypointTools

/// The query parameters the report routes share — the environment, the report's scope and `by` —
/// read once, and the rule that a parameter a route does not take is refused with those it does.
struct ReportParameters: Sendable {
    /// The environment whose events are read and whose published document scopes the report.
    let environment: EnvironmentName
    /// Which runs are counted (docs/ARCHITECTURE.md, "Reports": scope). It names the environment
    /// only when the caller did, so a report asked for without one is `waypoint funnel`'s byte for byte.
    let scope: ReportScope
    /// What splits the users (`by`), as asked; each route checks it against the splits its report
    /// takes (``dimension(choices:)``).
    let by: String?
    /// The route, as the messages name it ("the funnel").
    let route: String
    /// Whether every figure is split per variation (`by=variation`).
    var groupByVariation: Bool { by == ReportDimension.variation.rawValue }

    /// The scope's parameters, as the messages list them.
    static let scopeNames = ["environment", "revision", "since", "until", "experiment"]

    /// Reads the parameters of a report route that takes `accepted` (its own and the shared ones).
    ///
    /// Throws 400 `bad-query` for a parameter not in `accepted`, an environment that does not
    /// exist, and a scope ``ReportScope/parse(environment:revision:since:until:experiment:spelling:)`` refuses.
    init(_ request: Request, route: String, accepted: [String]) throws(APIError) {
        let parameters = request.uri.queryParameters
        try Self.refuseUnknown(parameters.map { String($0.key) }, route: route, accepted: accepted)
        let asked = parameters.get("environment")
        environment = try Self.environment(asked)
        by = parameters.get("by")
        self.route = route
        do throws(ReportScopeError) {
            scope = try ReportScope.parse(
                environment: asked, revision: parameters.get("revision"), since: parameters.get("since"), until: parameters.get("until"),
                experiment: parameters.get("experiment"), spelling: { "\($0)=" })
        } catch {
            throw APIError.badRequest(error.description, code: "bad-query")
        }
    }

    /// The split `by` names, when it is one of `choices` (`nil` when none was asked for); throws 400
    /// `bad-query` naming them otherwise.
    func dimension(choices: [ReportDimension]) throws(APIError) -> ReportDimension? {
        guard let by else { return nil }
        guard let dimension = ReportDimension(rawValue: by), choices.contains(dimension) else {
            let names = choices.map(\.rawValue)
            let hint = ReportError.suggestion(for: by, among: names).map { " Did you mean by=\($0)?" } ?? ""
            let choices = names.map { "by=\($0)" }
            let uses = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
            throw APIError.badRequest("by=\(by) is not a split of \(route).\(hint) Use \(uses).", code: "bad-query")
        }
        return dimension
    }

    /// The environment `name` names, when it is one of the app's environments (``EnvironmentName/default``
    /// when nil); throws 400 naming them.
    static func environment(_ name: String?) throws(APIError) -> EnvironmentName {
        guard let name else { return .default }
        guard let environment = EnvironmentName(validating: name) else {
            let names = EnvironmentName.all.map(\.rawValue)
            let hint = ReportError.suggestion(for: name, among: names).map { " Did you mean environment=\($0)?" } ?? ""
            throw APIError.badRequest(
                "environment=\(name) is not an environment of the app.\(hint) Use \(names.joined(separator: " or ")).", code: "bad-query")
        }
        return environment
    }

    /// Throws 400 for the first of `names` (a request's parameters) not in `accepted`, naming those the route takes.
    static func refuseUnknown(_ names: [String], route: String, accepted: [String]) throws(APIError) {
        guard let unknown = names.first(where: { !accepted.contains($0) }) else { return }
        let hint = ReportError.suggestion(for: unknown, among: accepted).map { " Did you mean \($0)?" } ?? ""
        throw APIError.badRequest(
            "\(unknown) is not a parameter of \(route).\(hint) It takes \(Self.list(accepted)).", code: "bad-query")
    }

    /// "a, b and c".
    static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}

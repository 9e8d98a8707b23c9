import Waypoint
import WaypointTools

/// A report asked for a flow or a walkthrough an environment has no events of: 404 in words for an
/// API caller — the environment, a did-you-mean among the published document's ids and the ids
/// with events, and those ids.
///
/// The facts come from ``WaypointTools/ReportError`` (the id asked for, the ids its input had
/// events of) and from the store; only the wording is the server's.
enum ReportNotFound {
    /// Ids listed in a message, at most; the did-you-mean looks among more (``candidates``).
    static let listed = 20
    /// Ids with events the did-you-mean looks among, at most (apps choose their ids).
    static let candidates = 100

    /// The answer to `error` when it says the flow or walkthrough has no events; `nil` otherwise.
    ///
    /// `flowsWithEvents` is asked for only when the error is about a flow: a flow's report reads
    /// that flow's events alone, so the store names the others.
    static func answer(
        to error: ReportError, environment: EnvironmentName, document: WaypointDocument?,
        flowsWithEvents: () async throws -> [String]
    ) async throws -> APIError? {
        if let missing = error.flowWithoutEvents {
            let withEvents = try await flowsWithEvents()
            return answer(
                kind: "flow", id: missing.flowID, parameter: "flow", environment: environment, withEvents: withEvents,
                published: document.map { Array(Set($0.flows.map(\.id))).sorted() } ?? [])
        }
        if let missing = error.walkthroughWithoutEvents {
            return answer(
                kind: "walkthrough", id: missing.walkthroughID, parameter: "walkthrough id in the path", environment: environment,
                withEvents: missing.walkthroughsWithEvents,
                published: document.map { Array(Set($0.walkthroughs.map(\.id))).sorted() } ?? [])
        }
        return nil
    }

    /// `No events of flow "onbaording" in production. Did you mean "onboarding"? Flows with events: onboarding, signup. …`
    static func answer(
        kind: String, id: String, parameter: String, environment: EnvironmentName, withEvents: [String], published: [String]
    ) -> APIError {
        let candidates = published + withEvents.filter { !published.contains($0) }
        var message = "No events of \(kind) \"\(id)\" in \(environment)."
        if let suggestion = ReportError.suggestion(for: id, among: candidates) { message += " Did you mean \"\(suggestion)\"?" }
        message += withEvents.isEmpty
            ? " No \(kind) has events in \(environment) yet."
            : " \(kind.prefix(1).uppercased() + kind.dropFirst())s with events: \(list(withEvents))."
        if !published.isEmpty {
            message += " The published document's \(kind)s: \(list(published))."
        } else {
            message += " Nothing published to \(environment) declares one."
        }
        message += " Check the \(parameter); a \(kind) the published document declares is reported even without events."
        return .notFound(message, code: "unknown-\(kind)")
    }

    /// `The document published to production has no experiment "paywal-copy". Did you mean "paywall-copy"? …`
    static func answer(experiment key: String, known: [String], environment: EnvironmentName) -> APIError {
        var message = "The document published to \(environment) has no experiment \"\(key)\"."
        if let suggestion = ReportError.suggestion(for: key, among: known) { message += " Did you mean \"\(suggestion)\"?" }
        message += known.isEmpty ? " It declares no experiments." : " Its experiments: \(list(known))."
        message += " Check the experiment key in the path, or ask for the revision that declares it with revision=N."
        return .notFound(message, code: "unknown-experiment")
    }

    /// The first ``listed`` ids, "and more" after them.
    static func list(_ ids: [String]) -> String {
        guard ids.count > listed else { return ids.joined(separator: ", ") }
        return ids.prefix(listed).joined(separator: ", ") + " and more"
    }
}

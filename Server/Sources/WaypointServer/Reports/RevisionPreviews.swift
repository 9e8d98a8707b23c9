import Foundation
import Waypoint
import WaypointTools

/// What publishing a revision to an environment would do: `FlowPreview.compute` of WaypointTools
/// (the core's restore rules) over each flow's stored events, read by user.
struct RevisionPreviews: Sendable {
    let store: any Store

    func preview(appID: String, revision number: Int, environment: String) async throws -> PublishPreview {
        guard let candidate = try await store.revision(appID: appID, number: number) else {
            throw APIError.notFound("The app \"\(appID)\" has no revision \(number); list them with GET /v1/apps/\(appID)/revisions.")
        }
        let diagnostics = DocumentCheck.diagnostics(of: Data(candidate.body))
        let published = try await store.publishedRevision(appID: appID, environment: environment)
        let publishedDocument = published.flatMap { try? WaypointDocument(validating: Data($0.body)) }
        var flows: [FlowPreview] = []
        if let candidateDocument = try? WaypointDocument(validating: Data(candidate.body)) {
            for flowID in RevisionPreview.flowIDs(published: publishedDocument, candidate: candidateDocument) {
                let flow = try await StoredLines.byUser(store: store, appID: appID, flowID: flowID) { lines in
                    try FlowPreview.compute(
                        flowID: flowID, published: publishedDocument, candidate: candidateDocument, userOrderedJSONLines: lines)
                }
                flows.append(flow)
            }
        }
        return PublishPreview(
            revision: number, environment: environment, publishedRevision: published?.revision, diagnostics: diagnostics,
            flows: flows)
    }
}

/// The preview of publishing one revision to one environment, as the API answers it and the
/// revision page shows it.
struct PublishPreview: Sendable, Encodable {
    let revision: Int
    let environment: String
    let publishedRevision: Int?
    /// The revision's findings of validation and lint (warnings: it could not be stored with errors).
    let diagnostics: [Diagnostic]
    /// Per flow of either revision: paths now and after, and where users in flight would land.
    let flows: [FlowPreview]

    /// Users in flight whose progress would be thrown away (they would start the flow again).
    var discardedUsers: Int { flows.reduce(0) { $0 + $1.inFlight.discarded } }
    /// Users in flight who would be moved back to an earlier step.
    var movedBackUsers: Int { flows.reduce(0) { $0 + $1.inFlight.truncated.reduce(0) { $0 + $1.users } } }
    /// Whether users in flight would lose their progress (as the core's `RevisionPreview` says it).
    var wouldDiscardUsers: Bool { discardedUsers > 0 }
    /// Whether publishing would cost users in flight their place (discarded or moved back): the
    /// dashboard asks to confirm.
    var needsConfirmation: Bool { discardedUsers > 0 || movedBackUsers > 0 }

    var discardSummary: String {
        var parts: [String] = []
        if movedBackUsers > 0 { parts.append("\(movedBackUsers) user\(movedBackUsers == 1 ? "" : "s") in flight would be moved back") }
        if discardedUsers > 0 { parts.append("\(discardedUsers) would lose their progress and start again") }
        return parts.joined(separator: ", ") + "."
    }

    var discardWarning: String {
        "Publishing revision \(revision) to \(environment) changes steps users are on: " + discardSummary
    }

    private enum CodingKeys: String, CodingKey {
        case revision, environment, publishedRevision, diagnostics, flows, wouldDiscardUsers, needsConfirmation, discardedUsers
        case movedBackUsers
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(environment, forKey: .environment)
        try container.encode(publishedRevision, forKey: .publishedRevision)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(flows, forKey: .flows)
        try container.encode(wouldDiscardUsers, forKey: .wouldDiscardUsers)
        try container.encode(needsConfirmation, forKey: .needsConfirmation)
        try container.encode(discardedUsers, forKey: .discardedUsers)
        try container.encode(movedBackUsers, forKey: .movedBackUsers)
    }

    /// The API's JSON (keys sorted, like every answer).
    func jsonData() throws -> [UInt8] { try JSONBody.encode(self) }

    /// The rows of the revision page's preview table.
    func flowRows() -> [[String: Any]] {
        flows.map { flow in
            [
                "id": flow.id,
                "pathsPublished": Self.text(flow.pathCount.published), "pathsCandidate": Self.text(flow.pathCount.candidate),
                "inFlight": flow.inFlight.users,
                "resumed": flow.inFlight.resumed.map { ["step": $0.step, "users": $0.users] },
                "truncated": flow.inFlight.truncated.map { ["step": $0.step, "users": $0.users, "droppedVisits": $0.droppedVisits] },
                "discarded": flow.inFlight.discarded,
                "hasDiscarded": flow.inFlight.discarded > 0 || !flow.inFlight.truncated.isEmpty,
            ]
        }
    }

    private static func text(_ total: FlowPreview.PathTotal?) -> String {
        switch total {
        case nil: "–"
        case .counted(let count): "\(count)"
        case .uncountable: "not countable"
        }
    }
}

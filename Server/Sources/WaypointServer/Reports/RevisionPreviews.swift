import Foundation
import Waypoint
import WaypointTools

/// What publishing a revision to an environment would do.
///
/// `FlowPreview.compute` of WaypointTools (the core's restore rules) runs over each flow's stored
/// events of that environment (its users are the ones a publish moves), read by user.
struct RevisionPreviews: Sendable {
    let revisions: any RevisionRepository
    let events: any EventRepository

    /// The preview of publishing revision `number` to `environment`; throws 404 when the app has no such revision.
    func preview(appID: AppID, revision number: Int, environment: EnvironmentName) async throws -> PublishPreview {
        guard let candidate = try await revisions.revision(appID: appID, number: number) else {
            throw APIError.notFound("The app \"\(appID)\" has no revision \(number); list them with GET /v1/apps/\(appID)/revisions.")
        }
        let diagnostics = DocumentCheck.diagnostics(of: Data(candidate.body))
        let published = try await PublishedDocument.read(from: revisions, appID: appID, environment: environment)
        let publishedDocument = published?.document()
        var flows: [FlowPreview] = []
        if let candidateDocument = try? WaypointDocument(validating: Data(candidate.body)) {
            for flowID in RevisionPreview.flowIDs(published: publishedDocument, candidate: candidateDocument) {
                let flow = try await StoredLines.byUser(events, appID: appID, environment: environment, flowID: flowID) { lines in
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

import Foundation
import Waypoint

/// The document whose steps, order and variations bound a report (docs/ARCHITECTURE.md, "Reports"):
/// the document of the revision the report is scoped to, else the one published to the environment.
///
/// A report of revision 1's runs is read against revision 1's document, so a step that revision had
/// and a later one removed keeps its place among the declared steps.
enum ReportDocument {
    /// The scoping document; nil when nothing is published (and no revision is asked for) or the
    /// revision's bytes no longer validate. Throws 404 when the app has no such revision.
    static func read(from store: any Store, appID: String, environment: String, revision: Int?) async throws -> WaypointDocument? {
        guard let revision else {
            return try await PublishedDocument.read(from: store, appID: appID, environment: environment)?.document()
        }
        guard let record = try await store.revision(appID: appID, number: revision) else {
            throw APIError.notFound(
                "The app \"\(appID)\" has no revision \(revision); list them with GET /v1/apps/\(appID)/revisions, "
                    + "or leave out revision= for every revision's runs.")
        }
        return try? WaypointDocument(validating: Data(record.body))
    }
}

import Foundation
import Waypoint

/// The document whose steps, order and variations bound a report (docs/ARCHITECTURE.md, "Reports"):
/// the document of the revision the report is scoped to, else the one published to the environment.
///
/// A report of revision 1's runs is read against revision 1's document, so a step that revision had
/// and a later one removed keeps its place among the declared steps. The API and the report pages
/// both take it from here.
enum ReportDocument {
    /// The scoping document; nil when nothing is published (and no revision is asked for) or the
    /// revision's bytes no longer validate. Throws 404 when the app has no such revision.
    static func read(from revisions: any RevisionRepository, appID: AppID, environment: EnvironmentName, revision: Int?) async throws -> WaypointDocument? {
        let published = revision == nil ? try await revisions.publishedRevision(appID: appID, environment: environment) : nil
        return try await read(from: revisions, appID: appID, revision: revision, published: published)
    }

    /// The scoping document when the published revision (`published`) is read already: its document
    /// for `revision` nil or that revision, else the revision's, read from the store.
    static func read(from revisions: any RevisionRepository, appID: AppID, revision: Int?, published: RevisionRecord?) async throws -> WaypointDocument? {
        var record = published
        if let revision, revision != published?.revision {
            guard let asked = try await revisions.revision(appID: appID, number: revision) else {
                throw APIError.notFound(
                    "The app \"\(appID)\" has no revision \(revision); list them with GET /v1/apps/\(appID)/revisions, "
                        + "or leave out revision= for every revision's runs.")
            }
            record = asked
        }
        return record.flatMap { try? WaypointDocument(validating: Data($0.body)) }
    }
}

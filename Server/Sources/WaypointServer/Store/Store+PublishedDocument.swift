import Foundation
import Waypoint

extension Store {
    /// The document published to an environment, decoded, with its revision number; nil when
    /// nothing is published (or, which publishing refuses, it no longer validates).
    func publishedDocument(appID: String, environment: String) async throws -> (revision: Int, document: WaypointDocument)? {
        guard let published = try await publishedRevision(appID: appID, environment: environment),
              let document = try? WaypointDocument(validating: Data(published.body)) else { return nil }
        return (published.revision, document)
    }
}

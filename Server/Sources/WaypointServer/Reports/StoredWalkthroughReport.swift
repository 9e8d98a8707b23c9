import Foundation
import Waypoint
import WaypointTools

/// A walkthrough's report over an app's stored events: `WalkthroughReport.compute`, the
/// implementation `waypoint funnel --walkthrough` uses, fed with every stored line of the app.
enum StoredWalkthroughReport {
    static func report(store: any Store, appID: String, walkthroughID: String, document: WaypointDocument?) async throws -> WalkthroughReport {
        let query = WalkthroughQuery(
            walkthroughID: walkthroughID, groupByVariation: true,
            declaredSteps: document?.reportedStepIDs(ofWalkthrough: walkthroughID))
        do {
            return try await StoredLines.all(store: store, appID: appID) { lines in
                try WalkthroughReport.compute(lines: lines, query: query)
            }
        } catch let error as FunnelError {
            throw APIError.notFound(error.description)
        }
    }
}

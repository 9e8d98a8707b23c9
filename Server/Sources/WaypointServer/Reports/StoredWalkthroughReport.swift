import Foundation
import Waypoint
import WaypointTools

/// A walkthrough's report over an app's stored events: `WalkthroughReport.compute`, the
/// implementation `waypoint funnel --walkthrough` uses, fed with every stored line.
enum StoredWalkthroughReport {
    static func report(store: any Store, appID: String, walkthroughID: String, document: WaypointDocument?) async throws -> WalkthroughReport {
        do {
            return try await StoredLines.all(store: store, appID: appID) { lines in
                try WalkthroughReport.compute(jsonLines: lines, walkthroughID: walkthroughID, document: document)
            }
        } catch let error as WalkthroughReportError {
            throw APIError.notFound(error.description)
        }
    }
}

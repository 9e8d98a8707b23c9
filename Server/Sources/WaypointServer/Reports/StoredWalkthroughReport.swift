import Foundation
import Waypoint
import WaypointTools

/// A walkthrough's report over an app's stored events: `WalkthroughReport.compute`, the
/// implementation `waypoint funnel --walkthrough` uses, fed with one environment's stored events of no flow
/// (walkthrough events carry no `flowId`), read by user through the index rather than every event.
enum StoredWalkthroughReport {
    static func report(store: any Store, appID: String, environment: String, query: WalkthroughQuery) async throws -> WalkthroughReport {
        try await StoredLines.byUser(store: store, appID: appID, environment: environment, flowID: nil) { lines in
            try WalkthroughReport.compute(lines: lines, query: query)
        }
    }
}

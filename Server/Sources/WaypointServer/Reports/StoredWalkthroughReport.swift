import Foundation
import Waypoint
import WaypointTools

/// A walkthrough's report over an app's stored events: `WalkthroughReport.compute`, the
/// implementation `waypoint funnel --walkthrough` uses, fed with one environment's stored events of no flow
/// (walkthrough events carry no `flowId`), read by user through the index rather than every event.
enum StoredWalkthroughReport {
    /// The report, as `waypoint funnel --walkthrough` computes it over the environment's export;
    /// its `events` counts every event of the environment (``StoredEventCount``).
    static func report(store: any Store, appID: String, environment: String, query: WalkthroughQuery) async throws -> WalkthroughReport {
        var report = try await StoredLines.byUser(store: store, appID: appID, environment: environment, flowID: nil) { lines in
            try WalkthroughReport.compute(lines: lines, query: query)
        }
        report.events = try await StoredEventCount.events(store: store, appID: appID, environment: environment)
        return report
    }
}

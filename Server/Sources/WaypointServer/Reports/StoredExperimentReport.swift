import Foundation
import Waypoint
import WaypointTools

/// An experiment's report over an app's stored events: `ExperimentReport.compute`, the
/// implementation `waypoint experiment` uses, fed with one environment's stored events of the flow
/// the experiment is measured in (of no flow, for a walkthrough's), read by user through the index.
enum StoredExperimentReport {
    /// The report, as `waypoint experiment` computes it over the environment's export; its `events`
    /// counts every event of the environment (``StoredEventCount``).
    static func report(
        store: any Store, appID: String, environment: String, query: ExperimentQuery, document: WaypointDocument
    ) async throws -> ExperimentReport {
        let flowID = try query.flowRead(in: document)
        var report = try await StoredLines.byUser(store: store, appID: appID, environment: environment, flowID: flowID) { lines in
            try ExperimentReport.compute(lines: lines, query: query, document: document)
        }
        report.events = try await StoredEventCount.events(store: store, appID: appID, environment: environment)
        return report
    }
}

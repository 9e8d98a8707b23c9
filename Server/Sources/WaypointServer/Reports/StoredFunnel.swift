import Foundation
import Waypoint
import WaypointTools

/// The funnel endpoint's report: `Funnel.compute` — the implementation `waypoint funnel` uses — fed
/// with one environment's stored lines of the flow in (user, time) order, page by page from the store, one
/// user in memory at a time.
enum StoredFunnel {
    /// The report, as `waypoint funnel` computes it over the same events.
    ///
    /// Its `events` counts every event of the environment, as over its export (``StoredEventCount``).
    static func report(store: any Store, appID: String, environment: String, query: FunnelQuery) async throws -> FunnelResult {
        let result = try await StoredLines.byUser(store: store, appID: appID, environment: environment, flowID: query.flowID) { lines in
            try Funnel.compute(userOrderedJSONLines: lines, query: query)
        }
        let events = try await StoredEventCount.events(store: store, appID: appID, environment: environment)
        return StoredEventCount.setting(events, in: result)
    }

    /// The report as JSON bytes, exactly as `waypoint funnel --format json` prints it (with its newline).
    static func json(store: any Store, appID: String, environment: String, query: FunnelQuery) async throws -> [UInt8] {
        let report = try await report(store: store, appID: appID, environment: environment, query: query)
        return [UInt8](report.jsonData()) + [UInt8(ascii: "\n")]
    }
}

import Foundation
import Waypoint
import WaypointTools

/// The funnel endpoint's report, as `waypoint funnel` computes it over the same events.
///
/// The flow report is read from the store's contributions of its scope — summed per user as events
/// arrive — and assembled by `Funnel.compute(contributions:…)`, so its cost follows days × groups,
/// never events (docs/ARCHITECTURE.md, "Reports at scale"). A sequential funnel follows each user's
/// attempts in time, which contributions do not keep: it is `Funnel.compute` fed with the flow's
/// stored lines in (user, time) order, one user in memory at a time.
enum StoredFunnel {
    /// The report, as `waypoint funnel` computes it over the same events.
    ///
    /// Its `events` counts every event of the environment, as over its export (``StoredEventCount``).
    static func report(ledger: any ReportLedgerRepository, events stored: any EventRepository, appID: AppID, environment: EnvironmentName, query: FunnelQuery) async throws -> FunnelResult {
        let events = try await StoredEventCount.events(stored, appID: appID, environment: environment)
        guard query.steps != nil else {
            let scope = query.scope
            // Only the groupings the report shows; cells count durations by page: the store reads
            // the pages that hold the medians too.
            // Should the report refuse the rows, `compute` below says why.
            let contributions = try await ledger.contributions(
                appID: appID, environment: environment, kind: .flow, subject: query.flowID, revision: scope.revision,
                since: scope.since, until: scope.until, cells: query.cellSelection
            ) { scope in
                (try? Funnel.medianPages(contributions: scope.rows, query: query, groupsOutsideRange: scope.groupsOutsideRange)) ?? .none
            }
            return try Funnel.compute(
                contributions: contributions.rows, query: query, events: events, groupsOutsideRange: contributions.groupsOutsideRange)
        }
        let result = try await StoredLines.byUser(stored, appID: appID, environment: environment, flowID: query.flowID) { lines in
            try Funnel.compute(userOrderedJSONLines: lines, query: query)
        }
        return StoredEventCount.setting(events, in: result)
    }

    /// The report as JSON bytes, exactly as `waypoint funnel --format json` prints it (with its newline).
    static func json(ledger: any ReportLedgerRepository, events: any EventRepository, appID: AppID, environment: EnvironmentName, query: FunnelQuery) async throws -> [UInt8] {
        let report = try await report(ledger: ledger, events: events, appID: appID, environment: environment, query: query)
        return [UInt8](report.jsonData()) + [UInt8(ascii: "\n")]
    }
}

import Foundation
import Waypoint
import WaypointTools

/// The walkthrough report of an environment, as `waypoint funnel --walkthrough ID` computes it over
/// the same events: read from the store's contributions of its scope and assembled by
/// `WalkthroughReport.compute(contributions:…)` (docs/ARCHITECTURE.md, "Reports at scale").
enum StoredWalkthroughReport {
    /// The report; its `events` counts every event of the environment, as over its export.
    static func report(ledger: any ReportLedgerRepository, events stored: any EventRepository, appID: AppID, environment: EnvironmentName, query: WalkthroughQuery) async throws -> WalkthroughReport {
        let events = try await StoredEventCount.events(stored, appID: appID, environment: environment)
        let scope = query.scope
        let contributions = try await ledger.contributions(
            appID: appID, environment: environment, kind: .walkthrough, subject: query.walkthroughID, revision: scope.revision,
            since: scope.since, until: scope.until)
        // A walkthrough without events (and without the document's steps) is refused naming the ones with events.
        var others: [String] = []
        if contributions.rows.isEmpty, contributions.groupsOutsideRange.isEmpty, query.declaredSteps == nil {
            others = try await ledger.contributionSubjects(
                appID: appID, environment: environment, kind: .walkthrough, limit: ReportNotFound.candidates
            ).filter { ExactID($0) != ExactID(query.walkthroughID) }
        }
        return try WalkthroughReport.compute(
            contributions: contributions.rows, query: query, events: events, otherWalkthroughs: others,
            groupsOutsideRange: contributions.groupsOutsideRange)
    }
}

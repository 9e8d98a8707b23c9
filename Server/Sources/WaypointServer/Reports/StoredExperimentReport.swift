import Foundation
import Waypoint
import WaypointTools

/// The experiment report of an environment, as `waypoint experiment` computes it over the same
/// events with the same document: read from the store's contributions of its scope (users by their
/// first exposure) and assembled by `ExperimentReport.compute(contributions:…)`
/// (docs/ARCHITECTURE.md, "Reports at scale").
enum StoredExperimentReport {
    /// The report; its `events` counts every event of the environment, as over its export.
    static func report(
        ledger: any ReportLedgerRepository, events stored: any EventRepository, appID: AppID, environment: EnvironmentName, query: ExperimentQuery, document: WaypointDocument
    ) async throws -> ExperimentReport {
        let subject = try query.subjectRead(in: document)
        let events = try await StoredEventCount.events(stored, appID: appID, environment: environment)
        let scope = query.scope
        let contributions = try await ledger.contributions(
            appID: appID, environment: environment, kind: .experiment, subject: subject, revision: scope.revision,
            since: scope.since, until: scope.until, cells: query.cellSelection, medianPages: nil)
        return try ExperimentReport.compute(contributions: contributions.rows, query: query, document: document, events: events)
    }
}

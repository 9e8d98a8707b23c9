import Foundation
import WaypointTools

/// How many events an environment holds: the `events` figure of a report over its export.
///
/// A report's `events` counts every valid line of its input, of any flow or walkthrough. The
/// server's reports read only the lines they need (one flow's, or the walkthrough events), so they
/// take the figure from the store instead: every stored line is a valid event, and the export of
/// the environment holds exactly these. It is read from the environment's kept count
/// (``EventRepository/eventCount(appID:environment:)``), so it costs the same at any number of events;
/// events that arrive while a report is computed may be counted or not.
enum StoredEventCount {
    /// The number of stored events of `environment`.
    static func events(_ events: any EventRepository, appID: AppID, environment: EnvironmentName) async throws -> Int {
        try await events.eventCount(appID: appID, environment: environment)
    }

    /// `result` with `events` set to `count`.
    static func setting(_ count: Int, in result: FunnelResult) -> FunnelResult {
        switch result {
        case .flow(var report):
            report.events = count
            return .flow(report)
        case .funnel(var report):
            report.events = count
            return .funnel(report)
        }
    }
}

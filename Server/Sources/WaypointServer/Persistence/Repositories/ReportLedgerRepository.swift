import Foundation
import Logging
import WaypointTools

/// The report ledger: each user's contributions to the reports and the cells that sum them, read
/// by the reports and rebuilt when the report rules change (docs/ARCHITECTURE.md, "Report
/// contributions in the stores" and "The ledger's version"). ``EventRepository`` keeps it as
/// events come and go. ``SQLiteStore`` and ``PostgresStore`` implement it and pass the same
/// contract tests.
public protocol ReportLedgerRepository: Sendable {
    /// What the server knows of the ledger's version.
    var reportLedger: ReportLedger { get }

    /// Rebuilds the ledger from the stored events when it was built by an earlier version of the
    /// report rules (in one transaction, under a lock that one server at a time holds, so servers
    /// starting together rebuild once), and records this server's version. Logs its progress.
    func rebuildReportLedger(logger: Logger) async throws

    /// The contributions of a report's scope: the rows of `kind`'s report of `subject` over the
    /// runs of `revision` (all of them when nil) in `environment`, of the users whose start lies
    /// in [`since`, `until`) (milliseconds since 1970; every user, those without a start included,
    /// when both are nil), and the groups of the users outside that range. A `revision` below 1 has
    /// none: the server serves no such revision, and rows of one are not kept.
    ///
    /// Full UTC days of the range are read from the summed cells, the days it cuts from the users'
    /// rows by their start time; so the cost follows days × groups, never events. Contributions
    /// are kept by ``EventRepository/insertEvents(_:appID:)``, ``EventRepository/eraseUser(appID:userID:audit:)`` and
    /// ``EventRepository/deleteEvents(before:)`` in the transactions that change the events.
    ///
    /// Cells count their durations by page and keep each page's exact durations apart
    /// (docs/ARCHITECTURE.md, "Report contributions in the stores"). Given `medianPages`, the store
    /// calls it with the scope read so far and adds the rows of the pages it names, each in the
    /// cells of the grouping that needs it (``MedianPages``), read in the same snapshot: a flow
    /// report passes `Funnel.medianPages(contributions:query:groupsOutsideRange:)`.
    /// Without it, every page of the cells read is added, so the rows sum to exact figures.
    ///
    /// Only the cells of `cells`' groupings are read (a report passes its query's
    /// `cellSelection`), and the users' rows read are split into those cells
    /// (`ContributionRow.cellRows()`), so the scope's rows and groups are all cells'.
    func contributions(
        appID: AppID, environment: EnvironmentName, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
        cells: CellSelection, medianPages: (@Sendable (ContributionScope) -> MedianPages)?
    ) async throws -> ContributionScope

    /// The subjects (flow or walkthrough ids) that `kind`'s report has users of in `environment`,
    /// sorted, at most `limit`: what a report without events names as the ones with events.
    func contributionSubjects(appID: AppID, environment: EnvironmentName, kind: ContributionKind, limit: Int) async throws -> [String]

    /// Every cell and every user's rows of an environment; it reads them all, so it is for checks,
    /// never for a report.
    func storedContributions(appID: AppID, environment: EnvironmentName) async throws -> StoredContributions
}

extension ReportLedgerRepository {
    /// The contributions of a report's scope, every cell of it, with every page: rows that sum to
    /// exact figures (see ``contributions(appID:environment:kind:subject:revision:since:until:cells:medianPages:)``).
    public func contributions(
        appID: AppID, environment: EnvironmentName, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?
    ) async throws -> ContributionScope {
        try await contributions(
            appID: appID, environment: environment, kind: kind, subject: subject, revision: revision, since: since, until: until,
            cells: .every, medianPages: nil)
    }

    /// The contributions of a report's scope, every cell of it, with the pages `medianPages` names
    /// (see ``contributions(appID:environment:kind:subject:revision:since:until:cells:medianPages:)``).
    public func contributions(
        appID: AppID, environment: EnvironmentName, kind: ContributionKind, subject: String, revision: Int?, since: Int64?, until: Int64?,
        medianPages: (@Sendable (ContributionScope) -> MedianPages)?
    ) async throws -> ContributionScope {
        try await contributions(
            appID: appID, environment: environment, kind: kind, subject: subject, revision: revision, since: since, until: until,
            cells: .every, medianPages: medianPages)
    }
}

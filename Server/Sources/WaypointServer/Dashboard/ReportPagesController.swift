import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The dashboard's report pages: flow reports and walkthrough reports.
///
/// A flow's report (docs/ARCHITECTURE.md, "Reports") is shown by variation, with funnel bars and the
/// designed graph with real traffic. Every figure comes from the reports of WaypointTools, the ones
/// `waypoint funnel` prints.
struct ReportPagesController<Context: RequestContext>: Sendable {
    let administration: AppAdministration
    let pages: DashboardController<Context>

    var store: any Store { administration.store }

    func addRoutes(to router: Router<Context>) {
        let group = router.group().add(middleware: SignedInMiddleware<Context>(sessions: pages.sessions))
            .add(middleware: ReportConnectionMiddleware<Context>())
        group.get("apps/:app/flows/:flow", use: flowPage)
        group.get("apps/:app/walkthroughs/:walkthrough", use: walkthroughPage)
    }

    /// What every report page starts from: the app, the environment shown (and links to the
    /// others), and the document published there.
    private struct Scope {
        let app: AppRecord
        let environment: String
        /// The revision published there, when its document validates.
        let revision: Int?
        let document: WaypointDocument?
    }

    private func scope(_ request: Request, _ context: Context) async throws -> Scope {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let environment = request.uri.queryParameters.get("environment") ?? "production"
        try AppAdministration.requireEnvironment(environment)
        let published = try await PublishedDocument.read(from: store, appID: app.id, environment: environment)
        let document = published?.document()
        return Scope(app: app, environment: environment, revision: document == nil ? nil : published?.revision, document: document)
    }

    /// A report's "no such events" is the page's 404, with the report's did-you-mean.
    private func reporting<T>(_ compute: () async throws -> T) async throws -> T {
        do {
            return try await compute()
        } catch let error as ReportError {
            throw APIError.notFound(error.description)
        }
    }

    // MARK: Flows

    @Sendable func flowPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let scope = try await scope(request, context)
            let flowID = context.parameters.get("flow") ?? ""
            let document = scope.document
            let query = FunnelQuery(flowID: flowID, steps: nil, window: .days(14), groupByVariation: true, document: document)
            let store = store, appID = scope.app.id, environment = scope.environment
            let result = try await reporting {
                try await ReportWork.run(request, metrics: administration.metrics) {
                    try await StoredFunnel.report(store: store, appID: appID, environment: environment, query: query)
                }
            }
            guard let report = result.flowReport else { throw APIError.internalError }
            let page = FlowPage(report: report, document: document)
            let versions = page.appVersions()
            let values = FlowPageContext(
                appID: scope.app.id, appName: scope.app.name, flowID: flowID, environment: scope.environment,
                environments: EnvironmentLink.all(current: scope.environment), revision: scope.revision, groups: page.groups(),
                hasGroups: !VariationGroups.shown(report.byVariation).isEmpty, hasAppVersions: !versions.versions.isEmpty,
                appVersions: versions.versions, versionRows: versions.rows,
                invalidLines: report.invalidLines > 0 ? report.invalidLines : nil, folded: ReportText.folded(report.folded))
            return pages.renderer.page(values, title: "Flow \(flowID)", chrome: pages.chrome(request))
        }
    }

    // MARK: Walkthroughs

    @Sendable func walkthroughPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let scope = try await scope(request, context)
            let walkthroughID = context.parameters.get("walkthrough") ?? ""
            let query = WalkthroughQuery(
                walkthroughID: walkthroughID, groupByVariation: true,
                declaredSteps: scope.document?.reportedStepIDs(ofWalkthrough: walkthroughID))
            let store = store, appID = scope.app.id, environment = scope.environment
            let report = try await reporting {
                try await ReportWork.run(request, metrics: administration.metrics) {
                    try await StoredWalkthroughReport.report(store: store, appID: appID, environment: environment, query: query)
                }
            }
            let values = WalkthroughPageContext(
                appID: scope.app.id, appName: scope.app.name, walkthroughID: walkthroughID, environment: scope.environment,
                environments: EnvironmentLink.all(current: scope.environment), groups: WalkthroughPage(report: report).groups(),
                invalidLines: report.invalidLines > 0 ? report.invalidLines : nil, folded: ReportText.folded(report.folded))
            return pages.renderer.page(values, title: "Walkthrough \(walkthroughID)", chrome: pages.chrome(request))
        }
    }
}

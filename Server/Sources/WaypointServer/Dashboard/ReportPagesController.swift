import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The dashboard's report pages: a flow's report (DESIGN §5) by variation, with funnel bars and the
/// designed graph with real traffic, and walkthrough reports. Every figure comes from the reports of
/// WaypointTools, the ones `waypoint funnel` prints.
struct ReportPagesController<Context: RequestContext>: Sendable {
    let administration: AppAdministration
    let pages: DashboardController<Context>

    var store: any Store { administration.store }

    func addRoutes(to router: Router<Context>) {
        let group = router.group().add(middleware: SignedInMiddleware<Context>(sessions: pages.sessions))
        group.get("apps/:app/flows/:flow", use: flowPage)
        group.get("apps/:app/walkthroughs/:walkthrough", use: walkthroughPage)
    }

    /// What every report page starts from: the app, the environment shown (and links to the
    /// others), and the document published there.
    private struct Scope {
        let app: AppRecord
        let environment: String
        let environmentLinks: [[String: Any]]
        let published: (revision: Int, document: WaypointDocument)?

        var values: [String: Any] {
            ["appID": app.id, "appName": app.name, "environment": environment, "environments": environmentLinks]
        }
    }

    private func scope(_ request: Request, _ context: Context) async throws -> Scope {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let environment = request.uri.queryParameters.get("environment") ?? "production"
        try AppAdministration.requireEnvironment(environment)
        return Scope(
            app: app, environment: environment,
            environmentLinks: AppAdministration.environmentNames.map { ["name": $0, "current": $0 == environment] },
            published: try await store.publishedDocument(appID: app.id, environment: environment))
    }

    /// A report's "no such events" is the page's 404, with the report's did-you-mean.
    private func reporting<T>(_ compute: () async throws -> T) async throws -> T {
        do {
            return try await compute()
        } catch let error as FunnelError {
            throw APIError.notFound(error.description)
        }
    }

    // MARK: Flows

    @Sendable func flowPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let scope = try await scope(request, context)
            let flowID = context.parameters.get("flow") ?? ""
            let document = scope.published?.document
            let query = FunnelQuery(
                flowID: flowID, steps: nil, window: .days(14), groupByVariation: true,
                declaredSteps: document?.reportedStepIDs(ofFlow: flowID))
            let result = try await reporting { try await StoredFunnel.report(store: store, appID: scope.app.id, query: query) }
            guard let report = result.flowReport else { throw APIError.internalError }
            let page = FlowPage(report: report, document: document)
            var values = scope.values
            values["flowID"] = flowID
            values["groups"] = page.groups()
            values["hasGroups"] = !VariationGroups.shown(report.byVariation).isEmpty
            if let published = scope.published { values["revision"] = published.revision }
            if report.invalidLines > 0 { values["invalidLines"] = report.invalidLines }
            values.merge(page.appVersions()) { _, new in new }
            return pages.renderer.page("flow", title: "Flow \(flowID)", chrome: pages.chrome(request), context: values)
        }
    }

    // MARK: Walkthroughs

    @Sendable func walkthroughPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let scope = try await scope(request, context)
            let walkthroughID = context.parameters.get("walkthrough") ?? ""
            let query = WalkthroughQuery(
                walkthroughID: walkthroughID, groupByVariation: true,
                declaredSteps: scope.published?.document.reportedStepIDs(ofWalkthrough: walkthroughID))
            let report = try await reporting {
                try await StoredWalkthroughReport.report(store: store, appID: scope.app.id, query: query)
            }
            var values = scope.values
            values["walkthroughID"] = walkthroughID
            values["groups"] = WalkthroughPage(report: report).groups()
            if report.invalidLines > 0 { values["invalidLines"] = report.invalidLines }
            return pages.renderer.page(
                "walkthrough", title: "Walkthrough \(walkthroughID)", chrome: pages.chrome(request), context: values)
        }
    }
}

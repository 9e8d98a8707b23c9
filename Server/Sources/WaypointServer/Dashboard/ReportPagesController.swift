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

    /// The environment a report page shows, and the links to the others.
    private func environment(_ request: Request) throws -> (name: String, links: [[String: Any]]) {
        let name = request.uri.queryParameters.get("environment") ?? "production"
        try AppAdministration.requireEnvironment(name)
        return (name, AppAdministration.environmentNames.map { ["name": $0, "current": $0 == name] })
    }

    // MARK: Flows

    @Sendable func flowPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let flowID = context.parameters.get("flow") ?? ""
            let environment = try environment(request)
            let published = try await store.publishedRevision(appID: app.id, environment: environment.name)
            let document = published.flatMap { try? WaypointDocument(validating: Data($0.body)) }
            let query = FunnelQuery(
                flowID: flowID, steps: nil, window: .days(14), groupByVariation: true,
                declaredSteps: document?.reportedStepIDs(ofFlow: flowID))
            let result: FunnelResult
            do {
                result = try await StoredFunnel.report(store: store, appID: app.id, query: query)
            } catch let error as FunnelError {
                throw APIError.notFound(error.description)
            }
            guard let report = result.flowReport else { throw APIError.internalError }
            let page = FlowPage(report: report, document: document)
            var values: [String: Any] = [
                "appID": app.id, "appName": app.name, "flowID": flowID, "environment": environment.name,
                "environments": environment.links, "groups": page.groups(), "hasGroups": !VariationGroups.shown(report.byVariation).isEmpty,
            ]
            if let published, document != nil { values["revision"] = published.revision }
            if report.invalidLines > 0 { values["invalidLines"] = report.invalidLines }
            values.merge(page.appVersions()) { _, new in new }
            return pages.renderer.page("flow", title: "Flow \(flowID)", chrome: pages.chrome(request), context: values)
        }
    }

    // MARK: Walkthroughs

    @Sendable func walkthroughPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let walkthroughID = context.parameters.get("walkthrough") ?? ""
            let environment = try environment(request)
            let published = try await store.publishedRevision(appID: app.id, environment: environment.name)
            let document = published.flatMap { try? WaypointDocument(validating: Data($0.body)) }
            let report = try await StoredWalkthroughReport.report(
                store: store, appID: app.id, walkthroughID: walkthroughID, document: document)
            var values: [String: Any] = [
                "appID": app.id, "appName": app.name, "walkthroughID": walkthroughID, "environment": environment.name,
                "environments": environment.links, "groups": WalkthroughPage(report: report).groups(),
            ]
            if report.invalidLines > 0 { values["invalidLines"] = report.invalidLines }
            return pages.renderer.page(
                "walkthrough", title: "Walkthrough \(walkthroughID)", chrome: pages.chrome(request), context: values)
        }
    }
}

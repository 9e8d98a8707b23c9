import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The dashboard's report pages: flow reports and walkthrough reports.
///
/// A flow's report (docs/ARCHITECTURE.md, "Reports") is shown by variation, with funnel bars and the
/// designed graph with real traffic. Every figure comes from the reports of WaypointTools, the ones
/// `waypoint funnel` prints.
struct ReportPagesController: Sendable {
    typealias Context = ServerContext
    let administration: AppAdministration
    let pages: DashboardController

    let ledger: any ReportLedgerRepository
    let events: any EventRepository

    func addRoutes(to router: RouterGroup<Context>) {
        // Signed-in visitors only: ``AccessMiddleware`` checks that before these run.
        let group = router.group().add(middleware: ReportConnectionMiddleware<Context>())
        group.get("apps/:app/flows/:flow", use: flowPage)
        group.get("apps/:app/walkthroughs/:walkthrough", use: walkthroughPage)
        group.get("apps/:app/experiments/:experiment", use: experimentPage)
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
        try await pages.rendering(request, context) {
            let scope = try await ReportPageScope.read(
                request, appID: context.parameters.get("app") ?? "", administration: administration, pageParameters: ["by"])
            let split = try FlowPage.split(request.uri.queryParameters.get("by"))
            let flowID = context.parameters.get("flow") ?? ""
            let document = scope.document
            let query = FunnelQuery(flowID: flowID, steps: nil, window: .days(14), groupByVariation: true, document: document, scope: scope.report)
            // Every revision's runs: the graph is the published revision's, from a report of its runs alone.
            var scoped = query
            scoped.scope.revision = scope.documentRevision
            let graphQuery: FunnelQuery? = scope.graphIsPublishedOnly ? scoped : nil
            let ledger = ledger, events = events, appID = scope.app.id, environment = scope.environment
            let choose: @Sendable ([String]) -> SplittingExperiment = { choices in SplittingExperiment(choices: choices, flowID: flowID, document: document) }
            // One piece of work: a request's body can be watched for its client going away once.
            // Split by locale or platform: a report of its own, whose groups the report split by variation does not give.
            var splitBy = query
            splitBy.by = split
            let splitQuery: FunnelQuery? = split == .locale || split == .platform ? splitBy : nil
            let (result, graphResult, splitting, splitResult) = try await reporting {
                try await ReportWork.run(request, metrics: administration.metrics) {
                    () async throws -> (FunnelResult, FunnelResult?, SplittingExperiment?, FunnelResult?) in
                    let (result, splitting) = try await SplittingExperiment.reporting(query.scope, choose: choose) { scope in
                        var query = query
                        query.scope = scope
                        return try await StoredFunnel.report(ledger: ledger, events: events, appID: appID, environment: environment, query: query)
                    }
                    var splitResult: FunnelResult?
                    if let splitQuery {
                        splitResult = try await StoredFunnel.report(ledger: ledger, events: events, appID: appID, environment: environment, query: splitQuery)
                    }
                    guard var graphQuery else { return (result, result, splitting, splitResult) }
                    graphQuery.scope.experiment = graphQuery.scope.experiment ?? splitting?.key
                    do {
                        let graph = try await StoredFunnel.report(ledger: ledger, events: events, appID: appID, environment: environment, query: graphQuery)
                        return (result, graph, splitting, splitResult)
                    } catch is ReportError {
                        return (result, nil, splitting, splitResult)  // no run of that revision: its graph, untaken
                    }
                }
            }
            guard let report = result.flowReport else { throw APIError.internalError }
            let graphReport = graphResult?.flowReport
            let page = FlowPage(report: report, document: document, graphReport: graphReport, graphNote: Self.graphNote(scope))
            let splitGroups = (splitResult?.flowReport ?? report).groups(of: split)
            let dropOff = page.dropOff(splitGroups, by: split)
            let values = FlowPageContext(
                appID: scope.app.id.rawValue, appName: scope.app.name, flowID: flowID,
                scope: scope.description(hasGraph: true, experimentNote: splitting?.note),
                groups: page.groups(), hasGroups: !VariationGroups.shown(report.byVariation).isEmpty,
                splitTitle: split.title.lowercased(),
                splitLinks: FlowPage.splits.map { dimension in
                    ReportScopeContext.Link(
                        label: dimension.title.lowercased(), href: scope.href(setting: "by", to: dimension == .appVersion ? nil : dimension.rawValue),
                        current: dimension == split)
                },
                splitCaption: FlowPage.caption(split), hasSplitValues: !dropOff.values.isEmpty, splitValues: dropOff.values,
                splitRows: dropOff.rows,
                splitNote: dropOff.values.isEmpty ? FlowPage.emptyNote(split, scopedToRevision: scope.report.revision != nil) : nil,
                withoutStart: ReportText.withoutStart(report.withoutStart, start: "Flow Started"),
                invalidLines: report.invalidLines > 0 ? report.invalidLines : nil, folded: ReportText.folded(report.folded),
                experiments: Self.experimentLinks(flowID: flowID, scope: scope))
            return pages.renderer.page(values, title: "Flow \(flowID)", chrome: pages.chrome(request, context))
        }
    }

    /// Links to the pages of the experiments measured in `flowID`, keeping the page's environment.
    private static func experimentLinks(flowID: String, scope: ReportPageScope) -> [FlowPageContext.ExperimentLink] {
        guard let document = scope.document else { return [] }
        return document.experiments.map(\.key).uniqued()
            .filter { ExperimentReport.reportableSubjects(of: $0, in: document).contains(flowID) }
            .map { key in
                FlowPageContext.ExperimentLink(
                    key: key,
                    href: "/apps/\(FormText.percentEncoded(scope.app.id.rawValue))/experiments/\(FormText.percentEncoded(key))?environment=\(scope.environment)")
            }
    }

    /// What a flow page's graph is drawn from, in words: always one revision's runs against its document.
    private static func graphNote(_ scope: ReportPageScope) -> String {
        guard let revision = scope.documentRevision else { return "" }
        let note = "Drawn against revision \(revision)'s document, from the runs of revision \(revision) only"
        return scope.graphIsPublishedOnly
            ? note + " (the published revision): the table above counts every revision, a graph never mixes them."
            : note + "."
    }

    // MARK: Walkthroughs

    @Sendable func walkthroughPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request, context) {
            let scope = try await ReportPageScope.read(
                request, appID: context.parameters.get("app") ?? "", administration: administration)
            let walkthroughID = context.parameters.get("walkthrough") ?? ""
            let query = WalkthroughQuery(
                walkthroughID: walkthroughID, groupByVariation: true,
                declaredSteps: scope.document?.reportedStepIDs(ofWalkthrough: walkthroughID), scope: scope.report)
            let ledger = ledger, events = events, appID = scope.app.id, environment = scope.environment, document = scope.document
            let choose: @Sendable ([String]) -> SplittingExperiment = { choices in SplittingExperiment(choices: choices, walkthroughID: walkthroughID, document: document) }
            let (report, splitting) = try await reporting {
                try await ReportWork.run(request, metrics: administration.metrics) {
                    try await SplittingExperiment.reporting(query.scope, choose: choose) { scope in
                        var query = query
                        query.scope = scope
                        return try await StoredWalkthroughReport.report(ledger: ledger, events: events, appID: appID, environment: environment, query: query)
                    }
                }
            }
            let values = WalkthroughPageContext(
                appID: scope.app.id.rawValue, appName: scope.app.name, walkthroughID: walkthroughID,
                scope: scope.description(hasGraph: false, experimentNote: splitting?.note), groups: WalkthroughPage(report: report).groups(),
                withoutStart: ReportText.withoutStart(report.withoutStart, start: "Walkthrough Started"),
                invalidLines: report.invalidLines > 0 ? report.invalidLines : nil, folded: ReportText.folded(report.folded))
            return pages.renderer.page(values, title: "Walkthrough \(walkthroughID)", chrome: pages.chrome(request, context))
        }
    }

    // MARK: Experiments

    /// The page's own parameters besides the scope's.
    static var experimentPageParameters: [String] { ["flow", "goal", "control", "sequential", "by"] }

    @Sendable func experimentPage(request: Request, context: Context) async throws -> Response {
        try await pages.rendering(request, context) {
            let scope = try await ReportPageScope.read(
                request, appID: context.parameters.get("app") ?? "", administration: administration,
                pageParameters: Self.experimentPageParameters)
            let key = context.parameters.get("experiment") ?? ""
            let parameters = request.uri.queryParameters
            // An experiment the environment concluded: its record, frozen.
            if !scope.revisionGiven, scope.document?.experiments.contains(where: { $0.key == key }) != true,
               let conclusion = try await administration.conclusions.conclusion(appID: scope.app.id, environment: scope.environment, experiment: key) {
                return pages.renderer.page(
                    ConcludedExperimentPageContext(conclusion, app: scope.app), title: "Experiment \(key)", chrome: pages.chrome(request, context))
            }
            guard let document = scope.document else {
                throw APIError.notFound(
                    "Nothing published to \(scope.environment) declares experiment \"\(key)\". Publish a document that declares it, "
                        + "or choose the revision that does.")
            }
            // Sequential by default: the page is looked at every day (docs/ARCHITECTURE.md, "The experiment report").
            let sequential: Bool
            switch parameters.get("sequential") {
            case nil, "true": sequential = true
            case "false": sequential = false
            case let other?: throw APIError.badRequest("sequential=\(other) is not a boolean; use sequential=true or sequential=false.")
            }
            let flow = parameters.get("flow"), control = parameters.get("control")
            var by: ReportDimension?
            if let text = parameters.get("by") {
                guard let dimension = ReportDimension(rawValue: text), ReportDimension.experimentChoices.contains(dimension) else {
                    throw APIError.badRequest(
                        "by=\(text) is not a split of this page; use "
                            + ReportDimension.experimentChoices.map { "by=\($0.rawValue)" }.joined(separator: ", ") + ", or leave it out.")
                }
                by = dimension
            }
            let query = ExperimentQuery(
                experiment: key, flowID: flow, goal: parameters.get("goal").map(ExperimentGoal.init), control: control,
                sequential: sequential, scope: scope.report, by: by)
            let ledger = ledger, events = events, appID = scope.app.id, environment = scope.environment
            let report: ExperimentReport
            do {
                report = try await ReportWork.run(request, metrics: administration.metrics) {
                    try await StoredExperimentReport.report(ledger: ledger, events: events, appID: appID, environment: environment, query: query, document: document)
                }
            } catch let error as ReportError {
                throw error.isExperimentQueryProblem && error.experimentNotInDocument == nil
                    ? APIError.badRequest(error.description) : APIError.notFound(error.description)
            }
            let goals = ExperimentGoal.choices(in: document, flowID: report.flowID ?? report.walkthroughID ?? "")
            var values = ExperimentPage(report: report, scope: scope, goals: goals, flow: flow, control: control, by: by).context()
            values.decision = try await pages.experimentDecision(request, context, app: scope.app, environment: scope.environment, key: key)
            return pages.renderer.page(values, title: "Experiment \(key)", chrome: pages.chrome(request, context))
        }
    }
}

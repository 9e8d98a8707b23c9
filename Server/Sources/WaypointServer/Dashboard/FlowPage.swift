import Waypoint
import WaypointTools

/// A flow report as the flow page shows it.
///
/// All users, then each variation, each with its funnel bars, its steps and its graph with traffic;
/// and drop-off by app version. The graph is always one revision's: drawn against ``document`` (the
/// shown revision's) from ``graphReport``, the report of that revision's runs alone.
struct FlowPage {
    let report: FlowReport
    let document: WaypointDocument?
    /// The report the graphs are drawn from: the runs of the document's revision only; nil when
    /// that revision has no runs.
    let graphReport: FlowReport?
    /// Whose runs and which document the graph is drawn from, in words.
    let graphNote: String

    /// The sections: "All users", then one per variation (by name).
    func groups() -> [FlowPageContext.Group] {
        var groups = [group(title: "All users", anchor: "all-users", figures: report.overall, graphFigures: graphReport?.overall ?? FlowReport.Figures(), variation: nil)]
        for (index, (variation, figures)) in VariationGroups.shown(report.byVariation).enumerated() {
            var section = group(
                title: ReportText.variationTitle(variation), anchor: "variation-\(index + 1)", figures: figures,
                graphFigures: graphReport?.byVariation?[variation] ?? FlowReport.Figures(), variation: variation)
            section.note = VariationGroups.note(variation)
            groups.append(section)
        }
        return groups
    }

    private func group(
        title: String, anchor: String, figures: FlowReport.Figures, graphFigures: FlowReport.Figures, variation: String?
    ) -> FlowPageContext.Group {
        var figures = figures
        var traffic: TrafficGraph?
        if let graph = graph(variation: variation) {
            let drawn = TrafficGraph(graph: graph, figures: graphFigures)
            traffic = drawn
            // A variation's rows: its own steps, and any other step a user of it reached.
            let steps = Set(drawn.nodes.filter { $0.kind == .step || $0.kind == .subflow }.map(\.id))
            figures.steps = figures.steps.filter { step in
                steps.contains(step.stepID) || step.viewed + step.skipped + step.droppedHere > 0 || !step.outcomes.isEmpty
            }
        }
        let edges = traffic?.edges.map { edge in
            FlowPageContext.Group.Edge(from: edge.from, outcome: edge.outcome, to: edge.to, users: edge.users, untaken: edge.isUntaken)
        } ?? []
        return FlowPageContext.Group(
            title: title, anchor: anchor, started: figures.started, completed: figures.completed, abandoned: figures.abandoned,
            inProgress: figures.inProgress, completionRate: ReportText.percent(figures.completionRate),
            medianToComplete: ReportText.duration(milliseconds: figures.medianMsToComplete),
            bars: FunnelBars(flowID: report.flowID, figures: figures)
                .svg(idPrefix: anchor + "-bars", title: "\(title): users per step of \(report.flowID)"),
            steps: figures.steps.map { step in
                FlowPageContext.Group.Step(
                    id: step.stepID, inDocument: step.inDocument ?? true, viewed: step.viewed, skipped: step.skipped,
                    droppedHere: step.droppedHere, dropRate: ReportRates.text(step.dropRate), median: ReportText.duration(milliseconds: step.medianDurationMs),
                    outcomes: step.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            },
            hasGraph: traffic != nil, graphNote: graphNote,
            graph: traffic?.svg(
                idPrefix: anchor + "-graph", title: "\(title): the designed graph of \(report.flowID) with the users who took each edge"),
            edges: edges, hasUntaken: edges.contains { $0.untaken })
    }

    /// The graph of the variation's entry of the flow; for "All users" only when the flow does not
    /// vary (the variations' graphs differ, and one drawing cannot hold every user's edges).
    private func graph(variation: String?) -> FlowGraph? {
        // "(other)" gathers variations the document does not have: no drawing of its holds their users.
        guard let document, variation != ReportBounds.otherGroup else { return nil }
        if variation == nil, document.flows.filter({ $0.id == report.flowID }).count > 1 { return nil }
        var forced: [String: String] = [:]
        if let variation, let experiment = document.flows.first(where: { $0.id == report.flowID && $0.variation == variation })?.experiment {
            forced[experiment] = variation
        }
        return try? document.flowGraph(id: report.flowID, forcedVariations: forced)
    }

    /// The drop-off table of `groups` (a report's groups of one split): the values, and a row per step.
    ///
    /// Both are empty when there are no groups (events carry no such values).
    func dropOff(_ groups: [String: FlowReport.Figures]?, by dimension: ReportDimension) -> (values: [String], rows: [FlowPageContext.SplitRow]) {
        guard let groups, !groups.isEmpty else { return ([], []) }
        let values = dimension == .locale || dimension == .platform ? groups.keys.sorted() : AppVersions.ordered(groups.keys)
        // Each value's drop-offs by step id, looked up once per cell.
        let dropped = values.map { value in
            Dictionary((groups[value]?.steps ?? []).map { ($0.stepID, $0.droppedHere) }, uniquingKeysWith: { first, _ in first })
        }
        let rows = report.overall.steps.map { step in
            FlowPageContext.SplitRow(step: step.stepID, cells: dropped.map { $0[step.stepID] ?? 0 })
        }
        return (values, rows)
    }

    /// The splits the drop-off table offers, the default first.
    static let splits: [ReportDimension] = [.appVersion, .revision, .locale, .platform]

    /// The split a flow page's `by` names (`nil`: the default, app version); 400 naming the choices otherwise.
    static func split(_ by: String?) throws -> ReportDimension {
        guard let by else { return .appVersion }
        guard let dimension = ReportDimension(rawValue: by), splits.contains(dimension) else {
            throw APIError.badRequest(
                "by=\(by) is not a split of this page; use " + splits.map { "by=\($0.rawValue)" }.joined(separator: ", ") + ".")
        }
        return dimension
    }

    /// The drop-off table's caption for `dimension`: what a user's value is.
    static func caption(_ dimension: ReportDimension) -> String {
        dimension == .revision
            ? "Users who stopped on each step, by the revision of their first Flow Started"
            : "Users who stopped on each step, by the \(dimension.title.lowercased()) of their last event with one"
    }

    /// Why the drop-off table of `dimension` is empty.
    static func emptyNote(_ dimension: ReportDimension, scopedToRevision: Bool) -> String {
        if dimension == .revision, scopedToRevision {
            return "These are one revision's runs: choose every revision's runs to compare revisions."
        }
        return "No event of this flow carries \(dimension == .appVersion ? "an app version" : "a \(dimension.title.lowercased())")."
    }
}

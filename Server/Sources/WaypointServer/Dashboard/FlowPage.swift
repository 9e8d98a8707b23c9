import Waypoint
import WaypointTools

/// A flow report as the flow page shows it: all users, then each variation, each with its funnel
/// bars, its steps and its graph with traffic; and drop-off by app version.
struct FlowPage {
    let report: FlowReport
    let document: WaypointDocument?

    /// The sections: "All users", then one per variation (by name).
    func groups() -> [[String: Any]] {
        var groups = [group(title: "All users", anchor: "all-users", figures: report.overall, variation: nil)]
        for (index, (variation, figures)) in VariationGroups.shown(report.byVariation).enumerated() {
            groups.append(group(title: "Variation \(variation)", anchor: "variation-\(index + 1)", figures: figures, variation: variation))
        }
        return groups
    }

    private func group(title: String, anchor: String, figures: FlowReport.Figures, variation: String?) -> [String: Any] {
        var figures = figures
        var values: [String: Any] = [:]
        if let graph = graph(variation: variation) {
            let traffic = TrafficGraph(graph: graph, figures: figures)
            values["hasGraph"] = true
            values["graph"] = traffic.svg(idPrefix: anchor + "-graph", title: "\(title): the designed graph of \(report.flowID) with the users who took each edge")
            values["edges"] = traffic.edges.map { edge -> [String: Any] in
                ["from": edge.from, "outcome": edge.outcome, "to": edge.to, "users": edge.users, "untaken": edge.isUntaken]
            }
            values["hasUntaken"] = traffic.edges.contains { $0.isUntaken }
            // A variation's rows: its own steps, and any other step a user of it reached.
            let drawn = Set(traffic.nodes.filter { $0.kind == .step || $0.kind == .subflow }.map(\.id))
            figures.steps = figures.steps.filter { step in
                drawn.contains(step.stepID) || step.viewed + step.skipped + step.droppedHere > 0 || !step.outcomes.isEmpty
            }
        }
        values.merge([
            "title": title, "anchor": anchor, "started": figures.started, "completed": figures.completed,
            "abandoned": figures.abandoned, "completionRate": FormText.percent(figures.completionRate),
            "medianToComplete": FormText.duration(milliseconds: figures.medianMsToComplete),
            "steps": figures.steps.map { step -> [String: Any] in
                [
                    "id": step.stepID, "inDocument": step.inDocument ?? true, "viewed": step.viewed, "skipped": step.skipped,
                    "droppedHere": step.droppedHere, "median": FormText.duration(milliseconds: step.medianDurationMs),
                    "outcomes": step.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
                ]
            },
            "bars": FunnelBars(flowID: report.flowID, figures: figures)
                .svg(idPrefix: anchor + "-bars", title: "\(title): users per step of \(report.flowID)"),
        ]) { _, new in new }
        return values
    }

    /// The graph of the variation's entry of the flow; for "All users" only when the flow does not
    /// vary (the variations' graphs differ, and one drawing cannot hold every user's edges).
    private func graph(variation: String?) -> FlowGraph? {
        guard let document else { return nil }
        if variation == nil, document.flows.filter({ $0.id == report.flowID }).count > 1 { return nil }
        var forced: [String: String] = [:]
        if let variation, let experiment = document.flows.first(where: { $0.id == report.flowID && $0.variation == variation })?.experiment {
            forced[experiment] = variation
        }
        return try? document.flowGraph(id: report.flowID, forcedVariations: forced)
    }

    /// The drop-off by app version table, when events carry app versions.
    func appVersions() -> [String: Any] {
        guard let byVersion = report.byAppVersion, !byVersion.isEmpty else { return ["hasAppVersions": false] }
        let versions = AppVersions.ordered(byVersion.keys)
        let rows: [[String: Any]] = report.overall.steps.map { step in
            [
                "step": step.stepID,
                "cells": versions.map { byVersion[$0]?.step(step.stepID)?.droppedHere ?? 0 },
            ]
        }
        return ["hasAppVersions": true, "appVersions": versions, "versionRows": rows]
    }
}

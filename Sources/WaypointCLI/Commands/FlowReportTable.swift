import Foundation
import Waypoint
import WaypointTools

/// The readable form of a ``FlowReport``: the flow's totals, then one row per step; then the same
/// per variation, app version, revision, locale and platform when the report has them (with `by`,
/// only the groups of that split).
///
/// Every rate says its base: the completion rate is of the users who started, a step's drop rate
/// of the users who viewed that step.
struct FlowReportTable {
    let report: FlowReport
    /// The split asked for (`--by`): only its groups are shown; `nil` shows every group the report has.
    var by: ReportDimension? = nil

    var text: String {
        var lines: [String] = []
        lines.append("Flow \(report.flowID): " + summary(report.overall))
        if let scope = ReportText.scope(report.scope) { lines.append(scope) }
        if let left = ReportText.withoutStart(report.withoutStart, start: "Flow Started") { lines.append(left) }
        if report.invalidLines > 0 {
            lines.append("\(ReportText.count(report.invalidLines)) invalid "
                + (report.invalidLines == 1 ? "line" : "lines") + " ignored")
        }
        if let folded = ReportText.folded(report.folded) { lines.append(folded) }
        lines.append("")
        lines += table(report.overall.steps)
        if report.overall.steps.contains(where: { $0.inDocument == false }) {
            lines.append("  * not in the document")
        }
        lines.append("  Dropped here: users whose last viewed step it was, without completing; in brackets, of the step's viewers.")
        if let byVariation = report.byVariation, by == nil || by == .variation {
            for name in ReportText.variationOrder(byVariation.keys) {
                guard let figures = byVariation[name] else { continue }
                lines.append("")
                lines.append("\(ReportText.variationTitle(name)): " + summary(figures))
                lines += table(figures.steps)
            }
            if let note = ReportText.notExposedNote(byVariation.keys) { lines.append("  " + note) }
        }
        for dimension in [ReportDimension.appVersion, .revision, .locale, .platform] where by == nil || by == dimension {
            guard let groups = report.groups(of: dimension) else { continue }
            let names = dimension == .locale || dimension == .platform ? groups.keys.sorted() : AppVersions.ordered(groups.keys)
            let title = dimension.title
            for name in names {
                guard let figures = groups[name] else { continue }
                lines.append("")
                lines.append("\(title) \(name): " + summary(figures))
                lines += table(figures.steps)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func summary(_ figures: FlowReport.Figures) -> String {
        var text = "\(ReportText.count(figures.started)) started, \(ReportText.count(figures.completed)) completed "
            + "(\(ReportText.percent(figures.completionRate)) of started), \(ReportText.count(figures.abandoned)) abandoned, "
            + "\(ReportText.count(figures.inProgress)) in progress"
        if let median = figures.medianMsToComplete { text += "; median time to complete \(ReportText.duration(milliseconds: median))" }
        return text
    }

    private func table(_ steps: [FlowReport.Step]) -> [String] {
        let header = ["Step", "Viewed", "Skipped", "Dropped here", "Median time", "Outcomes"]
        var rows: [[String]] = [header]
        for step in steps {
            let outcomes = step.outcomes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { "\($0.key) \(ReportText.count($0.value))" }.joined(separator: ", ")
            rows.append([
                step.stepID + (step.inDocument == false ? " *" : ""), ReportText.count(step.viewed),
                ReportText.count(step.skipped), Self.withRate(step.droppedHere, step.dropRate),
                ReportText.duration(milliseconds: step.medianDurationMs), outcomes.isEmpty ? "–" : outcomes,
            ])
        }
        return TextTable.lines(rows, leftAligned: [0, 5])
    }

    /// `3 (17.6%)`: a count and its rate; the count alone when there is no rate.
    static func withRate(_ count: Int, _ rate: Double?) -> String {
        guard let rate else { return ReportText.count(count) }
        return "\(ReportText.count(count)) (\(ReportText.percent(rate)))"
    }
}

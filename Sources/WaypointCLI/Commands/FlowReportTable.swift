import Foundation
import Waypoint
import WaypointTools

/// The readable form of a ``FlowReport``: the flow's totals, then one row per step.
struct FlowReportTable {
    let report: FlowReport

    var text: String {
        var lines: [String] = []
        lines.append("Flow \(report.flowID): " + summary(report.overall))
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
        if let byVariation = report.byVariation {
            for name in byVariation.keys.sorted() {
                guard let figures = byVariation[name] else { continue }
                lines.append("")
                lines.append("Variation \(name): " + summary(figures))
                lines += table(figures.steps)
            }
        }
        if let byAppVersion = report.byAppVersion {
            for name in AppVersions.ordered(byAppVersion.keys) {
                guard let figures = byAppVersion[name] else { continue }
                lines.append("")
                lines.append("App version \(name): " + summary(figures))
                lines += table(figures.steps)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func summary(_ figures: FlowReport.Figures) -> String {
        var text = "\(ReportText.count(figures.started)) started, \(ReportText.count(figures.completed)) completed "
            + "(\(ReportText.percent(figures.completionRate))), \(ReportText.count(figures.abandoned)) abandoned"
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
                ReportText.count(step.skipped), ReportText.count(step.droppedHere),
                ReportText.duration(milliseconds: step.medianDurationMs), outcomes.isEmpty ? "–" : outcomes,
            ])
        }
        return TextTable.lines(rows, leftAligned: [0, 5])
    }
}

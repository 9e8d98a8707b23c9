import Foundation
import WaypointTools

/// The readable form of a ``WalkthroughReport``: the walkthrough's totals, then one row per hint;
/// then the same per variation and per app version when the report has them.
///
/// The completion rate is of the users who started; a hint's rates (in brackets) are of the users it
/// was shown to.
struct WalkthroughReportTable {
    let report: WalkthroughReport

    var text: String {
        var lines: [String] = []
        lines.append("Walkthrough \(report.walkthroughID): " + summary(report.overall))
        if let scope = ReportText.scope(report.scope) { lines.append(scope) }
        if let left = ReportText.withoutStart(report.withoutStart, start: "Walkthrough Started") { lines.append(left) }
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
        lines.append("  In brackets: of the users the hint was shown to.")
        let groups: [(title: String, figures: [String: WalkthroughReport.Figures]?, order: [String])] = [
            ("Variation", report.byVariation, (report.byVariation?.keys).map(ReportText.variationOrder) ?? []),
            ("App version", report.byAppVersion, (report.byAppVersion?.keys).map(AppVersions.ordered) ?? []),
        ]
        for group in groups {
            for name in group.order {
                guard let figures = group.figures?[name] else { continue }
                lines.append("")
                let title = group.title == "Variation" ? ReportText.variationTitle(name) : "\(group.title) \(name)"
                lines.append("\(title): " + summary(figures))
                lines += table(figures.steps)
            }
            if group.title == "Variation", let note = ReportText.notExposedNote(group.order) { lines.append("  " + note) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func summary(_ figures: WalkthroughReport.Figures) -> String {
        "\(ReportText.count(figures.started)) started, \(ReportText.count(figures.completed)) completed "
            + "(\(ReportText.percent(figures.completionRate)) of started)"
    }

    private func table(_ steps: [WalkthroughReport.Step]) -> [String] {
        let header = ["Step", "Shown", "Completed", "Skipped", "Target not found", "Dropped here", "Completed by", "Skipped by"]
        var rows: [[String]] = [header]
        for step in steps {
            rows.append([
                step.stepID + (step.inDocument == false ? " *" : ""), ReportText.count(step.shown),
                FlowReportTable.withRate(step.completed, step.completionRate), ReportText.count(step.skipped),
                ReportText.count(step.targetNotFound), FlowReportTable.withRate(step.droppedHere, step.dropRate), Self.split(step.completedBy), Self.split(step.skippedBy),
            ])
        }
        return TextTable.lines(rows, leftAligned: [0, 6, 7])
    }

    /// Users per trigger, the most frequent first: `tap 9, button 2`; `–` when there are none.
    private static func split(_ users: [String: Int]) -> String {
        let text = users.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.key) \(ReportText.count($0.value))" }.joined(separator: ", ")
        return text.isEmpty ? "–" : text
    }
}

import Foundation
import Waypoint
import WaypointTools

/// The readable form of a sequential funnel (``FunnelReport``): one row per step with a bar of its share of the
/// first step's users.
struct FunnelTable {
    let report: FunnelReport

    /// The width of a full bar, in characters.
    static let barWidth = 24

    var text: String {
        var lines: [String] = []
        let started = report.steps.first?.users ?? 0
        lines.append("Funnel \(report.flowID), window \(report.window): \(ReportText.count(started)) "
            + (started == 1 ? "user" : "users") + " started")
        if let scope = ReportText.scope(report.scope) { lines.append(scope) }
        if report.invalidLines > 0 {
            lines.append("\(ReportText.count(report.invalidLines)) invalid "
                + (report.invalidLines == 1 ? "line" : "lines") + " ignored")
        }
        if let folded = ReportText.folded(report.folded) { lines.append(folded) }
        lines.append("")
        lines += table(report.steps)
        if let byVariation = report.byVariation {
            for name in ReportText.variationOrder(byVariation.keys) {
                guard let breakdown = byVariation[name] else { continue }
                lines.append("")
                lines.append("\(ReportText.variationTitle(name)): \(ReportText.count(breakdown.steps.first?.users ?? 0)) started")
                lines += table(breakdown.steps)
            }
            if let note = ReportText.notExposedNote(byVariation.keys) { lines.append("  " + note) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func table(_ steps: [FunnelReport.Step]) -> [String] {
        let header = ["Step", "Users", "From start", "", "From previous", "Median from previous"]
        var rows: [[String]] = [header]
        for step in steps {
            rows.append([
                step.stepID, ReportText.count(step.users), ReportText.percent(step.conversionFromStart),
                Self.bar(step.conversionFromStart), ReportText.percent(step.conversionFromPrevious),
                ReportText.duration(milliseconds: step.medianMsFromPrevious),
            ])
        }
        return TextTable.lines(rows, leftAligned: [0, 3])
    }

    /// A bar of `fraction` × ``barWidth`` characters, in eighths.
    static func bar(_ fraction: Double) -> String {
        let eighths = Int((max(0, min(1, fraction)) * Double(barWidth * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let full = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        return full + String(repeating: " ", count: barWidth - full.count)
    }
}

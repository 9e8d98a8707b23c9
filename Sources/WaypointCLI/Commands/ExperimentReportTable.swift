import WaypointTools

/// The readable form of an ``ExperimentReport``: the experiment and goal, the sample ratio check,
/// the variations side by side against the control, then the per-step comparison.
struct ExperimentReportTable {
    let report: ExperimentReport

    var text: String {
        var lines: [String] = []
        let subject = report.flowID.map { "flow \($0)" } ?? report.walkthroughID.map { "walkthrough \($0)" } ?? ""
        lines.append("Experiment \(report.experiment) in \(subject): goal \(report.goal), control \(report.control), "
            + (report.sequential ? "sequential test (valid at every look)" : "fixed-horizon test"))
        if let scope = ReportText.scope(report.scope) { lines.append(scope) }
        if report.invalidLines > 0 {
            lines.append("\(ReportText.count(report.invalidLines)) invalid \(report.invalidLines == 1 ? "line" : "lines") ignored")
        }
        lines.append(ReportText.sampleRatio(report))
        if report.multipleVariations > 0 {
            lines.append("\(ReportText.count(report.multipleVariations)) users seen in more than one variation (counted in their first)")
        }
        if report.undeclaredVariationUsers > 0 {
            lines.append("\(ReportText.count(report.undeclaredVariationUsers)) users exposed with a variation the experiment "
                + "does not declare (not counted)")
        }
        lines.append("")
        var rows = [["Variation", "Users", "Conversions", "Rate", "Uplift [95% CI]", "p-value", "Chance to win", "Risk"]]
        for variation in report.variations {
            rows.append([
                variation.variation, ReportText.count(variation.users),
                ReportText.count(variation.conversions), ReportText.percent(variation.rate),
                variation.isControl ? "(control)" : ReportText.uplift(variation.uplift),
                variation.isControl ? "" : ReportText.pValue(variation.pValue),
                variation.isControl ? "" : variation.chanceToWin.map(ReportText.percent) ?? "–",
                variation.isControl ? "" : variation.risk.map { $0.map(ReportText.percent).joined(separator: " / ") } ?? "–",
            ])
        }
        lines += TextTable.lines(rows, leftAligned: [0])
        lines += notes(report.variations)
        lines.append("  Risk: the expected relative loss of choosing the control / the variation.")
        lines.append("")
        lines.append("Power: users each variation needs to detect \(ReportText.signedPercent(report.minimumDetectableEffect)) "
            + "at the control's rate (alpha 0.05, power 0.8), and days left at the last \(ExperimentPower.trafficDays) days' traffic")
        for variation in report.variations where !variation.isControl {
            lines.append("  \(variation.variation): \(ReportText.power(variation.power, users: variation.users))")
        }
        for guardrail in report.guardrails {
            lines.append("")
            lines.append("Guardrail \(guardrail.goal): must not get worse")
            var rows = [["Variation", "Users", "Conversions", "Rate", "Uplift [95% CI]", "p-value"]]
            for variation in guardrail.variations {
                rows.append([
                    variation.variation, ReportText.count(variation.users), ReportText.count(variation.conversions),
                    ReportText.percent(variation.rate), variation.isControl ? "(control)" : ReportText.uplift(variation.uplift),
                    variation.isControl ? "" : ReportText.pValue(variation.pValue),
                ])
            }
            lines += TextTable.lines(rows, leftAligned: [0])
            for name in guardrail.worse {
                lines.append("  WARNING: \(name) is worse than the control on \(guardrail.goal): its whole interval lies below 0.")
            }
        }
        lines += dimensionLines()
        guard !report.steps.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        lines.append("")
        lines.append("Per step: the share of each variation's users who viewed the step after exposure")
        var stepRows = [["Step"] + report.variations.map(\.variation)]
        for step in report.steps {
            stepRows.append([step.stepID] + step.variations.map { variation in
                let rate = ReportText.percent(variation.rate)
                guard !variation.isControl else { return rate }
                guard let uplift = variation.uplift else { return rate + " (–)" }
                return rate + " (\(ReportText.signedPercent(uplift.expected)), p \(ReportText.pValue(variation.pValue)))"
            })
        }
        lines += TextTable.lines(stepRows, leftAligned: [0])
        lines.append("  In brackets: the uplift over the control and its p-value; – where there are no figures.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// With a split (`--by`), per value, the variations side by side as in the main table.
    private func dimensionLines() -> [String] {
        guard let by = report.by, let groups = report.groups else { return [] }
        var lines: [String] = []
        if let folded = ReportText.folded(report.folded) {
            lines.append("")
            lines.append(folded)
        }
        let names = by == .appVersion ? AppVersions.ordered(groups.keys) : groups.keys.sorted()
        for name in names {
            guard let variations = groups[name] else { continue }
            lines.append("")
            lines.append("\(by.title) \(name) (no sample ratio check per value)")
            var rows = [["Variation", "Users", "Conversions", "Rate", "Uplift [95% CI]", "p-value", "Chance to win"]]
            for variation in variations {
                rows.append([
                    variation.variation, ReportText.count(variation.users), ReportText.count(variation.conversions),
                    ReportText.percent(variation.rate), variation.isControl ? "(control)" : ReportText.uplift(variation.uplift),
                    variation.isControl ? "" : ReportText.pValue(variation.pValue),
                    variation.isControl ? "" : variation.chanceToWin.map(ReportText.percent) ?? "–",
                ])
            }
            lines += TextTable.lines(rows, leftAligned: [0])
        }
        return lines
    }

    /// A line per variation without figures, saying why.
    private func notes(_ variations: [ExperimentReport.Variation]) -> [String] {
        variations.compactMap { variation in
            variation.note.map { "  No figures for \(variation.variation): \(ReportText.note($0)) (\($0.rawValue))." }
        }
    }
}

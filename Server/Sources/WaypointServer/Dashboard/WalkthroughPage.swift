import WaypointTools

/// A walkthrough report as its page shows it: all users, then each variation, then each app version,
/// each with its completion rate, its drop-off bars and its hints' rates.
struct WalkthroughPage {
    let report: WalkthroughReport

    /// The sections: "All users", then one per variation, then one per app version.
    func groups() -> [WalkthroughPageContext.Group] {
        var groups = [group(title: "All users", anchor: "all-users", figures: report.overall)]
        for (index, (variation, figures)) in VariationGroups.shown(report.byVariation).enumerated() {
            var section = group(title: ReportText.variationTitle(variation), anchor: "variation-\(index + 1)", figures: figures)
            section.note = VariationGroups.note(variation)
            groups.append(section)
        }
        let versions = report.byAppVersion ?? [:]
        for (index, version) in AppVersions.ordered(versions.keys).enumerated() {
            guard let figures = versions[version] else { continue }
            groups.append(group(title: "App version \(version)", anchor: "app-version-\(index + 1)", figures: figures))
        }
        return groups
    }

    /// A hint's row: its counts, each with its rate (of the users who started, for `shown`; of
    /// those it was shown to, for the others).
    private static func row(_ step: WalkthroughReport.Step, started: Int) -> WalkthroughPageContext.Group.Step {
        WalkthroughPageContext.Group.Step(
            id: step.stepID, inDocument: step.inDocument ?? true, shown: step.shown,
            shownRate: ReportText.percent(step.shown, of: started), completed: step.completed,
            completedRate: ReportText.percent(step.completed, of: step.shown),
            triggers: step.completedBy.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
            skipped: step.skipped, skippedRate: ReportText.percent(step.skipped, of: step.shown),
            targetNotFound: step.targetNotFound, warnTargetNotFound: step.targetNotFound > 0,
            droppedHere: step.droppedHere, dropRate: ReportRates.text(step.dropRate))
    }

    private func group(title: String, anchor: String, figures: WalkthroughReport.Figures) -> WalkthroughPageContext.Group {
        WalkthroughPageContext.Group(
            title: title, anchor: anchor, started: figures.started, completed: figures.completed,
            completionRate: ReportText.percent(figures.completed, of: figures.started),
            bars: FunnelBars(walkthroughID: report.walkthroughID, figures: figures)
                .svg(idPrefix: anchor + "-bars", title: "\(title): users per hint of \(report.walkthroughID)"),
            steps: figures.steps.map { Self.row($0, started: figures.started) })
    }
}

import WaypointTools

/// A walkthrough report as its page shows it: all users, then each variation, then each app version.
struct WalkthroughPage {
    let report: WalkthroughReport

    func groups() -> [[String: Any]] {
        var groups = [group(title: "All users", anchor: "all-users", figures: report.overall)]
        for (index, (variation, figures)) in VariationGroups.shown(report.byVariation).enumerated() {
            groups.append(group(title: "Variation \(variation)", anchor: "variation-\(index + 1)", figures: figures))
        }
        let versions = report.byAppVersion ?? [:]
        for (index, version) in AppVersions.ordered(versions.keys).enumerated() {
            guard let figures = versions[version] else { continue }
            groups.append(group(title: "App version \(version)", anchor: "app-version-\(index + 1)", figures: figures))
        }
        return groups
    }

    private static func row(_ step: WalkthroughReport.Step) -> [String: Any] {
        let triggers: [String] = step.completedBy.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        var row: [String: Any] = ["id": step.stepID, "inDocument": step.inDocument ?? true, "shown": step.shown]
        row["completed"] = step.completed
        row["triggers"] = triggers.joined(separator: ", ")
        row["skipped"] = step.skipped
        row["targetNotFound"] = step.targetNotFound
        row["warnTargetNotFound"] = step.targetNotFound > 0
        row["droppedHere"] = step.droppedHere
        return row
    }

    private func group(title: String, anchor: String, figures: WalkthroughReport.Figures) -> [String: Any] {
        [
            "title": title, "anchor": anchor, "started": figures.started, "completed": figures.completed,
            "steps": figures.steps.map(Self.row),
        ]
    }
}

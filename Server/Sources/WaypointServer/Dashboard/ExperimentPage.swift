import Waypoint
import WaypointTools
import Foundation

/// An experiment report as its page shows it: every figure from ``ExperimentReport`` (the report
/// `waypoint experiment` prints), written the way the CLI's table writes it (``ReportText``).
struct ExperimentPage {
    let report: ExperimentReport
    let scope: ReportPageScope
    /// The document's goals for the experiment's flow (``ExperimentGoal/choices(in:flowID:)``).
    let goals: [ExperimentGoal]
    /// The query's `flow` and `control`, as written, so the page's links keep them.
    let flow: String?
    let control: String?
    /// The split asked for (`by`), if any.
    var by: ReportDimension? = nil

    /// The sentence that says which test the page uses, and why the sequential one is the default.
    static let sequentialNote = "Sequential test: a dashboard is looked at every day, and peeking at a fixed-horizon test "
        + "inflates false positives, so these intervals and p-values stay valid however often you look."
    static let fixedNote = "Fixed-horizon test: its intervals and p-values are valid only if you read the result once, "
        + "at the sample size you planned."

    func context() -> ExperimentPageContext {
        let subjectKind = report.flowID != nil ? "flow" : "walkthrough"
        let subjectID = report.flowID ?? report.walkthroughID ?? ""
        let appID = scope.app.id
        var context = ExperimentPageContext(
            appID: appID.rawValue, appName: scope.app.name, experiment: report.experiment, subject: "\(subjectKind) \(subjectID)",
            subjectHref: "/apps/\(FormText.percentEncoded(appID.rawValue))/\(subjectKind)s/\(FormText.percentEncoded(subjectID))"
                + "?" + fields(goal: nil, sequential: true).filter { ["environment", "revision", "since", "until"].contains($0.name) }
                    .map { "\($0.name)=\(FormText.percentEncoded($0.value))" }.joined(separator: "&"),
            scope: scopeDescription(subjectKind: subjectKind),
            goal: report.goal,
            goals: goals.map { goal in
                let value = goal.description
                let label: String
                switch goal {
                case .complete: label = "$complete: the \(subjectKind) completed"
                case .step(let step): label = "\(step): the step viewed"
                case .outcome(let step, let outcome): label = "\(value): \(step) completed with \(outcome)"
                }
                return ExperimentPageContext.Option(value: value, label: label, selected: value == report.goal)
            },
            goalFields: fields(goal: nil, sequential: report.sequential),
            testNote: report.sequential ? Self.sequentialNote : Self.fixedNote,
            otherTestHref: href(goal: report.goal, sequential: !report.sequential),
            otherTestLabel: report.sequential ? "Show the fixed-horizon figures" : "Show the sequential figures (the default)",
            sampleRatio: report.srmWarning ? nil : ReportText.sampleRatio(report),
            srmWarning: report.srmWarning ? ReportText.sampleRatio(report) : nil,
            variations: report.variations.map(Self.variation),
            minimumDetectableEffect: ReportText.signedPercent(report.minimumDetectableEffect),
            power: report.variations.filter { !$0.isControl }.map {
                ExperimentPageContext.Power(name: $0.variation, text: ReportText.power($0.power, users: $0.users))
            },
            guardrails: report.guardrails.map { guardrail in
                ExperimentPageContext.Guardrail(
                    goal: guardrail.goal, variations: guardrail.variations.map(Self.variation),
                    warnings: guardrail.worse.map { "\($0) is worse than the control on \(guardrail.goal): its whole interval lies below 0." })
            },
            upliftChart: UpliftChart(report: report).svg(idPrefix: "uplift", title: "Uplift of \(report.goal) over \(report.control)"),
            stepVariations: report.variations.map(\.variation),
            steps: report.steps.map { step in
                ExperimentPageContext.Step(id: step.stepID, cells: step.variations.map { variation in
                    ExperimentPageContext.Step.Cell(
                        rate: ReportText.percent(variation.rate),
                        comparison: variation.isControl ? nil : variation.uplift.map {
                            "\(ReportText.signedPercent($0.expected)), p \(ReportText.pValue(variation.pValue))"
                        } ?? "no figures")
                })
            },
            multipleVariations: report.multipleVariations > 0 ? report.multipleVariations : nil,
            undeclaredVariationUsers: report.undeclaredVariationUsers > 0 ? report.undeclaredVariationUsers : nil,
            invalidLines: report.invalidLines > 0 ? report.invalidLines : nil)
        context.splitLinks = ([nil] + ReportDimension.experimentChoices).map { dimension in
            ReportScopeContext.Link(
                label: dimension?.title.lowercased() ?? "no split",
                href: "?" + fields(goal: report.goal, sequential: report.sequential, by: dimension)
                    .map { "\($0.name)=\(FormText.percentEncoded($0.value))" }.joined(separator: "&"),
                current: dimension == report.by)
        }
        if let split = report.by, let groups = report.groups {
            let values = split == .appVersion ? AppVersions.ordered(groups.keys) : groups.keys.sorted()
            context.dimensionGroups = values.map { value in
                ExperimentPageContext.DimensionGroup(
                    title: "\(split.title) \(value)", value: value, variations: (groups[value] ?? []).map(Self.variation))
            }
            context.dimensionNote = (["Each \(split.title.lowercased()) is compared on its own, with the same tests; "
                + "the split of users is not checked per value. A user's \(split.title.lowercased()) is that of their last event with one."]
                + [ReportText.folded(report.folded)].compactMap { $0 }).joined(separator: " ")
        }
        return context
    }

    private static func variation(_ variation: ExperimentReport.Variation) -> ExperimentPageContext.Variation {
        ExperimentPageContext.Variation(
            name: variation.variation, isControl: variation.isControl, users: variation.users, conversions: variation.conversions,
            rate: ReportText.percent(variation.rate),
            uplift: variation.isControl ? "" : ReportText.uplift(variation.uplift),
            pValue: variation.isControl ? "" : ReportText.pValue(variation.pValue),
            chanceToWin: variation.isControl ? "" : variation.chanceToWin.map(ReportText.percent) ?? "–",
            risk: variation.isControl ? "" : variation.risk.map { $0.map(ReportText.percent).joined(separator: " / ") } ?? "–",
            note: variation.note.map { "No figures: \(ReportText.note($0)) (\($0.rawValue))." })
    }

    /// The scope in words; a flow's steps, not a walkthrough's hints, follow the document's order.
    private func scopeDescription(subjectKind: String) -> ReportScopeContext {
        let words = scope.description(hasGraph: false)
        guard subjectKind == "flow" else { return words }
        return ReportScopeContext(
            environment: words.environment,
            revision: words.revision.replacingOccurrences(of: "hints in the order", with: "steps in the order")
                .replacingOccurrences(of: "hints are listed", with: "steps are listed"),
            range: words.range, environments: words.environments, revisionOptions: words.revisionOptions,
            hiddenSince: words.hiddenSince, hiddenUntil: words.hiddenUntil, ranges: words.ranges, publishNote: words.publishNote,
            experimentNote: words.experimentNote, pageFields: words.pageFields)
    }

    /// The revision as the page's query wrote it, so links keep it.
    private var revisionValue: String? {
        scope.revisionGiven ? (scope.report.revision.map(String.init) ?? "all") : nil
    }

    /// The query of this page: its scope, flow and control, `goal` (nil: left to the form), the test and the split.
    private func fields(goal: String?, sequential: Bool) -> [ExperimentPageContext.Field] {
        fields(goal: goal, sequential: sequential, by: by)
    }

    /// ``fields(goal:sequential:)`` with the split `by`.
    private func fields(goal: String?, sequential: Bool, by: ReportDimension?) -> [ExperimentPageContext.Field] {
        let pairs: [(String, String?)] = [
            ("environment", scope.environment.rawValue), ("revision", revisionValue), ("since", scope.since), ("until", scope.until),
            ("flow", flow), ("control", control), ("goal", goal), ("sequential", sequential ? nil : "false"), ("by", by?.rawValue),
        ]
        return pairs.compactMap { name, value in value.map { ExperimentPageContext.Field(name: name, value: $0) } }
    }

    /// A link to this page with `goal` and the test.
    func href(goal: String, sequential: Bool) -> String {
        "?" + fields(goal: goal, sequential: sequential).map { "\($0.name)=\(FormText.percentEncoded($0.value))" }.joined(separator: "&")
    }
}

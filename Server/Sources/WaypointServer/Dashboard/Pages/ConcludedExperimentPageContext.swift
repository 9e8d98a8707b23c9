import Foundation
import Waypoint
import WaypointTools

/// The `concludedExperiment` template: an experiment an environment no longer runs, read from its
/// record (Server/README.md, "Concluded experiments"): how it ended and its report, frozen then.
struct ConcludedExperimentPageContext: PageContext {
    static var template: String { "concludedExperiment" }

    /// One variation's frozen figures.
    struct Variation: Sendable {
        let name: String
        let isControl: Bool
        let users: Int
        let conversions: Int
        let rate: String
        /// `+13.6% [+5.0%, +22.0%]`; empty for the control.
        let uplift: String
        let pValue: String
        let chanceToWin: String
    }

    let appID: String
    let appName: String
    let experiment: String
    let environment: String
    /// `Concluded on 2026-12-07: shipped annual-first` or `Concluded on 2026-12-07: stopped`.
    let headline: String
    let goal: String
    let hypothesis: String?
    /// `3, 4`.
    let revisions: String
    /// The days it was first and last published, "–" when not recorded.
    let firstPublished: String
    let lastPublished: String
    let variations: [Variation]
    let hasVariations: Bool
    /// The frozen report's test, in words.
    let testNote: String

    init(_ conclusion: ExperimentConclusion, app: AppRecord) {
        func day(_ date: Date?) -> String { date.map { String(Timestamp.iso8601($0).prefix(10)) } ?? "–" }
        appID = app.id.rawValue
        appName = app.name
        experiment = conclusion.experiment
        environment = conclusion.environment.rawValue
        headline = "Concluded on \(day(conclusion.concludedAt)): \(conclusion.decisionInWords)"
        goal = conclusion.goal
        hypothesis = conclusion.hypothesis
        revisions = conclusion.revisions.map(String.init).joined(separator: ", ")
        firstPublished = day(conclusion.firstPublished)
        lastPublished = day(conclusion.lastPublished)
        let report = JSONValue.object(conclusion.frozenReport)
        let control = report["control"]?.stringValue
        variations = (report["variations"]?.arrayValue ?? []).map { variation in
            let isControl = variation["variation"]?.stringValue == control
            let uplift = variation["uplift"].flatMap { uplift -> ExperimentReport.Uplift? in
                guard let expected = uplift["expected"]?.doubleValue, let ci = uplift["ci"]?.arrayValue?.compactMap(\.doubleValue) else { return nil }
                return ExperimentReport.Uplift(expected: expected, ci: ci)
            }
            return Variation(
                name: variation["variation"]?.stringValue ?? "?", isControl: isControl,
                users: variation["users"]?.intValue ?? 0, conversions: variation["conversions"]?.intValue ?? 0,
                rate: ReportText.percent(variation["rate"]?.doubleValue ?? 0),
                uplift: isControl ? "" : ReportText.uplift(uplift),
                pValue: isControl ? "" : ReportText.pValue(variation["pValue"]?.doubleValue),
                chanceToWin: isControl ? "" : variation["chanceToWin"]?.doubleValue.map(ReportText.percent) ?? "–")
        }
        hasVariations = !variations.isEmpty
        testNote = report["sequential"] == .bool(true) ? "Sequential test." : "Fixed-horizon test, read once at the end of the run."
    }
}
